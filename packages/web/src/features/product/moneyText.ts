import { type Amount, type Currency, formatClp, formatUf, uf, REQUIRED, AMOUNT_TOO_LARGE } from "@palma/core"

/**
 * Money as a person types it in es-CL, and back. Pesos are whole ("12.345"); UF carry exactly two
 * decimals after a comma ("1.234,50"). Parsing works on the digits as text: a UF amount never
 * passes through a floating-point number.
 */
export type ParsedMoney = { readonly ok: true; readonly amount: Amount } | { readonly ok: false; readonly message: string }

export const moneyMessages = {
  required: REQUIRED,
  clpDecimals: "En pesos el monto es un número entero, sin decimales",
  clpInvalid: "Monto inválido: escriba solo números, p. ej. 12.345",
  ufDecimals: "En UF el monto lleva exactamente 2 decimales, p. ej. 1,25",
  ufInvalid: "Monto inválido: escriba un número con 2 decimales, p. ej. 1,25",
  tooLarge: AMOUNT_TOO_LARGE
} as const

/** Digits grouped by thousands with dots ("1.234.567"), or plain digits. */
const INTEGER = /^(\d{1,3}(\.\d{3})+|\d+)$/
const MAX_DIGITS = 12

/** Whole digits without grouping dots or leading zeros ("0" stays). */
const digitsOf = (integer: string) => integer.replace(/\./g, "").replace(/^0+(?=\d)/, "")

const failure = (message: string): ParsedMoney => ({ ok: false, message })

const parseClp = (text: string): ParsedMoney => {
  const t = text.replace(/^\$\s*/, "")
  if (t.includes(",")) return failure(moneyMessages.clpDecimals)
  if (!INTEGER.test(t)) return failure(moneyMessages.clpInvalid)
  const digits = digitsOf(t)
  return digits.length > MAX_DIGITS ? failure(moneyMessages.tooLarge) : { ok: true, amount: Number(digits) }
}

const parseUf = (text: string): ParsedMoney => {
  const t = text.replace(/^UF\s*/i, "")
  // "1,25" is es-CL; a lone dot followed by one or two digits ("1.25") is read as a decimal point too.
  const match = /^([\d.]+),(\d*)$/.exec(t) ?? /^(\d+)\.(\d{1,2})$/.exec(t) ?? /^([\d.]+)()$/.exec(t)
  if (match === null) return failure(moneyMessages.ufInvalid)
  const [, integer = "", decimals = ""] = match
  if (!INTEGER.test(integer)) return failure(moneyMessages.ufInvalid)
  if (decimals.length > 2) return failure(moneyMessages.ufDecimals)
  const digits = digitsOf(integer)
  if (digits.length > MAX_DIGITS) return failure(moneyMessages.tooLarge)
  return { ok: true, amount: uf(`${digits}.${decimals.padEnd(2, "0")}`) }
}

/** The amount a text stands for in `currency`: pesos as an integer, UF as "1.25". */
export const parseMoney = (currency: Currency, text: string): ParsedMoney => {
  const t = text.trim().replace(/\s+/g, "")
  if (t === "") return failure(moneyMessages.required)
  return currency === "P" ? parseClp(t) : parseUf(t)
}

/** How an amount is shown inside its input, without the currency sign: 12345 → "12.345", "1.5" → "1,50". */
export const moneyText = (amount: Amount): string => (typeof amount === "number" ? formatClp(amount).replace(/^\$/, "") : formatUf(amount).replace(/^UF /, ""))

/** The text tidied once the person leaves the input ("12345" → "12.345", "1,5" → "1,50"); as typed when it is not an amount. */
export const tidyMoney = (currency: Currency, text: string): string => {
  const parsed = parseMoney(currency, text)
  return parsed.ok ? moneyText(parsed.amount) : text
}
