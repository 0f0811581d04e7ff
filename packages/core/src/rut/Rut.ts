import type { Brand } from "effect"
import { ParseResult, Schema } from "effect"

/**
 * Chilean RUT: body digits plus a módulo-11 check digit (0-9 or K).
 * On the wire a RUT travels canonical ("12345678-5"); people read it
 * formatted ("12.345.678-5"). Any common spelling is accepted as input.
 */

const clean = (input: string): string => input.replace(/[.\s-]/g, "").toUpperCase()

/** Check digit of a RUT body, by módulo 11. */
export const checkDigit = (body: string): string => {
  let sum = 0
  let factor = 2
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * factor
    factor = factor === 7 ? 2 : factor + 1
  }
  const dv = 11 - (sum % 11)
  return dv === 11 ? "0" : dv === 10 ? "K" : String(dv)
}

/** Canonical form "12345678-5", or undefined when the input is not a valid RUT. */
export const normalize = (input: string): string | undefined => {
  const c = clean(input)
  const match = /^(\d{1,9})([0-9K])$/.exec(c)
  if (!match) return undefined
  const body = match[1]!.replace(/^0+(?=\d)/, "")
  if (body === "0") return undefined
  return checkDigit(body) === match[2] ? `${body}-${match[2]}` : undefined
}

export const isValid = (input: string): boolean => normalize(input) !== undefined

/** What every form, prompt and answer says of a RUT that is not one. */
export const invalidMessage = "RUT inválido: revise el número y el dígito verificador"

/** Display form with thousands dots: "12.345.678-5". Invalid input is returned as given. */
export const format = (input: string): string => {
  const canonical = normalize(input)
  if (!canonical) return input
  const [body, dv] = canonical.split("-") as [string, string]
  return `${body.replace(/\B(?=(\d{3})+(?!\d))/g, ".")}-${dv}`
}

/** A RUT on the wire: decodes any spelling into the canonical form, rejects bad check digits. */
export const Rut = Schema.String.pipe(
  Schema.transformOrFail(Schema.String.pipe(Schema.brand("Rut")), {
    strict: true,
    decode: (input, _, ast) => {
      const canonical = normalize(input)
      return canonical === undefined
        ? ParseResult.fail(new ParseResult.Type(ast, input, invalidMessage))
        : ParseResult.succeed(canonical as string & Brand.Brand<"Rut">)
    },
    encode: (rut) => ParseResult.succeed(rut)
  })
).annotations({
  identifier: "Rut",
  description: "RUT chileno con dígito verificador (módulo 11), p. ej. 12.345.678-5",
  message: () => invalidMessage,
  // Generated values must be real RUTs (property tests, the security suites' valid samples).
  arbitrary: () => (fc) => fc.integer({ min: 1_000_000, max: 99_999_999 }).map((n) => `${n}-${checkDigit(String(n))}` as string & Brand.Brand<"Rut">)
})
export type Rut = typeof Rut.Type

/**
 * A RUT as answered: "12.345.678-5" on the wire, as the original API and its client write it;
 * canonical ("12345678-5") once decoded, like every `Rut`. Any spelling decodes.
 */
export const DottedRut = Schema.transform(Schema.String, Rut, {
  strict: true,
  decode: (text) => text,
  encode: (canonical) => format(canonical)
}).annotations({ identifier: "DottedRut" })
