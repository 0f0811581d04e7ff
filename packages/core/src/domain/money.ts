import type { Brand } from "effect"
import { Either, ParseResult, Schema } from "effect"
import type * as AST from "effect/SchemaAST"
import { Choice } from "./common.js"
import { spanishIssues } from "./issues.js"

/**
 * Money, exact. CLP travels as an integer number of pesos; UF as a decimal string with
 * two fixed decimals ("1.25"), computed in integer hundredths so sums never drift.
 */

export const Currency = Choice(["P", "U"], "Moneda inválida: P (pesos) o U (UF)")
export type Currency = typeof Currency.Type

export const currencyLabel: Record<Currency, string> = { P: "Pesos", U: "UF" }

/** An amount below zero, in pesos or UF. */
export const NEGATIVE_AMOUNT = "El monto no puede ser negativo"

/** An amount beyond what can be stored exactly. */
export const AMOUNT_TOO_LARGE = "El monto es demasiado grande"

export const Clp = Schema.Number.annotations({ message: () => "El monto en pesos debe ser un número entero" })
  .pipe(
    Schema.int({ message: () => "El monto en pesos debe ser un número entero" }),
    Schema.nonNegative({ message: () => NEGATIVE_AMOUNT }),
    Schema.lessThanOrEqualTo(Number.MAX_SAFE_INTEGER, { message: () => AMOUNT_TOO_LARGE })
  )
  .annotations({ identifier: "Clp" })
export type Clp = typeof Clp.Type

// 12 integer digits keep hundredths (and CLP products below) far inside safe integers.
const DECIMAL_INPUT = /^(\d{1,12})(?:\.(\d{1,2}))?$/
const CANONICAL = /^(0|[1-9]\d{0,11})\.\d{2}$/
const MAX_HUNDREDTHS = 1e14 - 1

const parseHundredths = (input: string): number | undefined => {
  const match = DECIMAL_INPUT.exec(input.trim())
  if (!match) return undefined
  return Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"))
}

const canonical = (hundredths: number): string => `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`

const decimal2 = <B extends string>(brand: B, message: string) =>
  Schema.transformOrFail(
    Schema.String.annotations({ message: () => message }),
    Schema.String.pipe(Schema.pattern(CANONICAL, { message: () => message }), Schema.brand(brand)),
    {
      strict: true,
      decode: (input, _, ast) => {
        const h = parseHundredths(input)
        return h === undefined ? ParseResult.fail(new ParseResult.Type(ast, input, message)) : ParseResult.succeed(canonical(h) as string & Brand.Brand<B>)
      },
      encode: ParseResult.succeed
    }
  )

/** An amount in UF: accepts "1", "1.2", "1.25"; always "1.25"-shaped once decoded. */
export const Uf = decimal2("Uf", 'Monto en UF inválido: use un texto con hasta 2 decimales, p. ej. "1.25"').annotations({
  identifier: "Uf"
})
export type Uf = typeof Uf.Type

/** The CLP value of one UF on a given day ("39485.65"), same exact shape. */
export const UfRate = decimal2("UfRate", 'Valor de la UF inválido: use un texto con hasta 2 decimales, p. ej. "39485.65"').annotations({ identifier: "UfRate" })
export type UfRate = typeof UfRate.Type

/** A UF constant from code or tests; throws on a malformed literal. */
export const uf = (s: string): Uf => Schema.decodeSync(Uf)(s)
export const ufRate = (s: string): UfRate => Schema.decodeSync(UfRate)(s)

/** Integer hundredths of a UF amount. */
export const ufToHundredths = (value: Uf | UfRate): number => {
  const h = parseHundredths(value)
  if (h === undefined) throw new RangeError(`Monto en UF inválido: ${value}`)
  return h
}

export const ufFromHundredths = (hundredths: number): Uf => {
  if (!Number.isSafeInteger(hundredths) || hundredths < 0 || hundredths > MAX_HUNDREDTHS) {
    throw new RangeError(`Centésimos de UF fuera de rango: ${hundredths}`)
  }
  return canonical(hundredths) as Uf
}

export const sumUf = (values: Iterable<Uf>): Uf => {
  let total = 0
  for (const v of values) total += ufToHundredths(v)
  return ufFromHundredths(total)
}

export const addUf = (...values: ReadonlyArray<Uf>): Uf => sumUf(values)

export const compareUf = (a: Uf, b: Uf): -1 | 0 | 1 => {
  const d = ufToHundredths(a) - ufToHundredths(b)
  return d < 0 ? -1 : d > 0 ? 1 : 0
}

/** Pesos for a UF amount at the day's rate, rounded half up to the peso (BigInt: no drift). */
export const ufToClp = (amount: Uf, rate: UfRate): Clp => {
  const product = BigInt(ufToHundredths(amount)) * BigInt(ufToHundredths(rate))
  const pesos = (product + 5_000n) / 10_000n
  if (pesos > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError("Monto en pesos fuera de rango")
  return Number(pesos)
}

const groupThousands = (digits: string): string => digits.replace(/\B(?=(\d{3})+(?!\d))/g, ".")

/**
 * es-CL pesos without decimals, as Intl's es-CL does it: 12345 → "$12.345", -500 → "$-500".
 * Written by hand so the result does not depend on the runtime's ICU data. Non-integers are
 * rounded to the peso.
 */
export const formatClp = (pesos: number): string => {
  if (!Number.isFinite(pesos)) throw new RangeError(`Monto inválido: ${pesos}`)
  const rounded = Math.round(Math.abs(pesos))
  return `$${pesos < 0 && rounded !== 0 ? "-" : ""}${groupThousands(String(rounded))}`
}

/** Hundredths written es-CL after a prefix ("1234.5" → "1.234,50"); malformed input is returned as given. */
const withCents = (prefix: string, value: string): string => {
  const h = parseHundredths(value)
  if (h === undefined) return value
  const [int, dec] = canonical(h).split(".") as [string, string]
  return `${prefix}${groupThousands(int)},${dec}`
}

/** A UF's value in pesos with its cents, es-CL: "39485.6" → "$39.485,60". */
export const formatUfRate = (rate: string): string => withCents("$", rate)

/** es-CL UF with two decimals: "1234.5" → "UF 1.234,50". Malformed input is returned as given. */
export const formatUf = (value: string): string => withCents("UF ", value)

/** A price or coverage amount: pesos as an integer, or UF as a decimal string. */
export const Amount = Schema.transformOrFail(
  Schema.Union(Schema.Number, Schema.String).annotations({
    message: () => ({ message: 'Monto inválido: un entero en pesos o un texto en UF como "1.25"', override: true })
  }),
  Schema.Union(Schema.typeSchema(Clp), Schema.typeSchema(Uf)),
  {
    strict: true,
    decode: (input, options) => (typeof input === "number" ? ParseResult.decodeUnknown(Clp)(input, options) : ParseResult.decodeUnknown(Uf)(input, options)),
    encode: ParseResult.succeed
  }
).annotations({ identifier: "Amount" })
export type Amount = typeof Amount.Type

/** The largest amount the catalog stores (a `numeric(12,2)` column): 9.999.999.999,99. */
export const MAX_STORED_HUNDREDTHS = 1e12 - 1

/** A catalog price or coverage amount, bounded to what the database column holds. */
export const StoredAmount = Amount.pipe(
  Schema.filter((a) => (typeof a === "number" ? a * 100 : ufToHundredths(a)) <= MAX_STORED_HUNDREDTHS || AMOUNT_TOO_LARGE)
).annotations({ identifier: "StoredAmount" })

/** Whether an amount is written in the given currency (pesos are numbers, UF are strings). */
export const amountIn = (currency: Currency, amount: Amount): boolean => (currency === "P" ? typeof amount === "number" : typeof amount === "string")

/** Hundredths of the currency unit, to compare amounts of the same currency exactly. */
export const amountHundredths = (amount: Amount): number => (typeof amount === "number" ? amount * 100 : ufToHundredths(amount))

export const formatAmount = (amount: Amount): string => (typeof amount === "number" ? formatClp(amount) : formatUf(amount))

/**
 * A struct check that each named amount is written in the struct's `currency`, reported on
 * the amount's own field so forms show it there.
 */
export const amountsInCurrency =
  <K extends string>(...keys: ReadonlyArray<K>) =>
  (value: { readonly currency: Currency } & { readonly [P in K]: Amount }) =>
    keys
      .filter((k) => !amountIn(value.currency, value[k]))
      .map((k) => ({
        path: [k],
        message: value.currency === "P" ? "En pesos el monto debe ser un número entero" : 'En UF el monto debe ser un texto como "1.25"'
      }))

/**
 * An amount whose currency is not known yet, as a client writes it: a number or a numeric text
 * ("10000", "1.25"). The original client sends pesos as texts and UF as numbers as often as not;
 * `readAmount` reads it in the currency it belongs to.
 */
export const AmountInput = Schema.Union(
  Schema.Number,
  Schema.String.pipe(Schema.maxLength(40), Schema.pattern(/^\s*[+-]?\d{1,20}(\.\d{1,20})?\s*$/))
).annotations({
  identifier: "AmountInput",
  message: () => ({ message: 'Monto inválido: un número, o un texto como "10000" o "1.25"', override: true })
})
export type AmountInput = typeof AmountInput.Type

// Whole pesos written as text, with or without zero cents ("10000", "10000.00").
const PESOS_TEXT = /^(\d{1,16})(?:\.0{1,2})?$/

const currencyMessage = (currency: Currency) =>
  currency === "P" ? "En pesos el monto debe ser un número entero" : 'En UF el monto debe ser un texto como "1.25"'

/**
 * `input` read as a stored amount in `currency`: pesos as an integer (also from "10000"), UF as
 * its two-decimal text (also from the number 1.5). Left: the Spanish reason it is not one
 * ("10000.5" in pesos, "1.255" in UF, a negative or too large amount).
 */
export const readAmount = (currency: Currency, input: AmountInput): Either.Either<Amount, string> => {
  const text = typeof input === "string" ? input.trim() : input
  const pesos = currency === "P" && typeof text === "string" ? PESOS_TEXT.exec(text) : null
  const written = pesos ? Number(pesos[1]) : currency === "U" && typeof text === "number" && Number.isFinite(text) ? String(text) : text
  return Either.flatMap(
    Either.mapLeft(Schema.decodeUnknownEither(StoredAmount)(written), (error) => spanishIssues(error)[0]?.message ?? "Monto inválido"),
    (amount) => (amountIn(currency, amount) ? Either.right(amount) : Either.left(currencyMessage(currency)))
  )
}

/**
 * For a struct-level `transformOrFail`: the struct's named amounts read in its currency (see
 * `readAmount`), or each one that is not an amount there as an issue on its own field.
 */
export const readAmountsIn = <K extends string>(
  value: { readonly currency: Currency } & { readonly [P in K]: AmountInput },
  keys: ReadonlyArray<K>,
  ast: AST.AST
): Either.Either<{ readonly [P in K]: Amount }, ParseResult.ParseIssue> => {
  const read: Partial<Record<K, Amount>> = {}
  const issues: Array<ParseResult.ParseIssue> = []
  for (const key of keys) {
    Either.match(readAmount(value.currency, value[key]), {
      onLeft: (message) => issues.push(new ParseResult.Pointer(key, value, new ParseResult.Type(ast, value[key], message))),
      onRight: (amount) => {
        read[key] = amount
      }
    })
  }
  const [first, ...rest] = issues
  if (first === undefined) return Either.right(read as { readonly [P in K]: Amount }) // every key was read above
  return Either.left(rest.length === 0 ? first : new ParseResult.Composite(ast, value, [first, ...rest]))
}
