import { type Amount, type Currency, uf } from "@palma/core/domain"

/** An amount as a `numeric(12,2)` parameter: its exact decimal text, never a float. */
export const toNumeric = (amount: Amount): string => (typeof amount === "number" ? String(amount) : amount)

/**
 * A `numeric(12,2)` column (text, see sql/PgTypes.ts) in its currency: whole pesos as a number,
 * UF as the two-decimal string.
 */
export const fromNumeric = (currency: Currency, text: string): Amount => {
  if (currency === "U") return uf(text)
  const [pesos, cents = "00"] = text.split(".")
  if (!/^0*$/.test(cents)) throw new Error(`Monto en pesos con decimales: ${text}`)
  return Number(pesos)
}
