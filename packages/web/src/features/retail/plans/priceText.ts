import { type Amount, type Currency, formatClp, formatUf, Uf } from "@palma/core"
import { Either, Schema } from "effect"

export type PriceParse = { readonly ok: true; readonly amount: Amount } | { readonly ok: false; readonly message: string }

const fail = (message: string): PriceParse => ({ ok: false, message })

/** Digits with or without thousands dots: "12345", "12.345". */
const grouped = /^(\d{1,3}(\.\d{3})+|\d+)$/

const decodeUf = Schema.decodeUnknownEither(Uf)

/** Pesos as typed ("12.345", "$ 12345"): a whole number of pesos. */
const parseClp = (text: string): PriceParse => {
  const t = text.replace(/^\$/, "").replace(/\s/g, "")
  if (grouped.test(t)) return { ok: true, amount: Number(t.replace(/\./g, "")) }
  if (/^[\d.]*,\d*$/.test(t)) return fail("En pesos el precio no lleva decimales")
  return fail("Precio inválido: escriba solo números, p. ej. 12.345")
}

/**
 * UF as typed in Chile ("1,25", "1.234,5") or as the API writes it ("1.25"): the exact decimal
 * text "1.25". A dot followed by three digits groups thousands ("1.250" is 1250 UF).
 */
const parseUf = (text: string): PriceParse => {
  const t = text.replace(/^UF/i, "").replace(/\s/g, "")
  const comma = /^(\d{1,3}(?:\.\d{3})+|\d+),(\d{1,2})$/.exec(t)
  const plain = comma !== null ? `${comma[1]!.replace(/\./g, "")}.${comma[2]}` : /^\d+\.\d{1,2}$/.test(t) ? t : grouped.test(t) ? t.replace(/\./g, "") : null
  if (plain === null) return fail("Precio en UF inválido: use hasta 2 decimales, p. ej. 1,25")
  return Either.match(decodeUf(plain), {
    onLeft: () => fail("Precio en UF inválido: use hasta 2 decimales, p. ej. 1,25"),
    onRight: (amount): PriceParse => ({ ok: true, amount })
  })
}

/** A price typed in the product's currency: CLP as an integer, UF as a two-decimal text. */
export const parsePrice = (currency: Currency, text: string): PriceParse => {
  if (text.trim() === "") return fail("Ingrese el precio")
  return currency === "P" ? parseClp(text.trim()) : parseUf(text.trim())
}

/** A price as an input shows it: 12345 → "12.345", "1.25" → "1,25". */
export const priceText = (amount: Amount): string => (typeof amount === "number" ? formatClp(amount).replace(/^\$/, "") : formatUf(amount).replace(/^UF /, ""))
