import { Either, ParseResult, Schema } from "effect"
import { usageError } from "./errors.js"

/**
 * Checks a payload against the contract's own schema before sending it. The client would
 * refuse to encode it anyway, but that failure surfaces as a network error; this one names
 * each bad field, in the schema's Spanish.
 */
export const validPayload = <A, I>(schema: Schema.Schema<A, I>, value: unknown): A =>
  Either.getOrThrowWith(Schema.decodeUnknownEither(schema, { errors: "all" })(value), (error) => {
    const issues = ParseResult.ArrayFormatter.formatErrorSync(error)
    return usageError(`Datos inválidos:${issues.map((issue) => `\n  - ${issue.path.join(".")}: ${issue.message}`).join("")}`)
  })

/** A positive whole number from a flag, or `fallback` when the flag is absent; anything else is a usage error. */
export const positiveFlag = (text: string | undefined, flag: string, fallback: number) => {
  if (text === undefined) return fallback
  if (!/^\d{1,7}$/.test(text) || Number(text) < 1) throw usageError(`${flag} debe ser un número entero mayor que cero.`)
  return Number(text)
}

/** A name as people type it: tildes, case and surrounding blanks ignored. */
export const foldName = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .toLowerCase()

/** A typed case number that is not one, whichever command reads it. */
export const badCaseNumber = (text: string) => usageError(`Número de caso inválido «${text}».`)

/** A resource name that is none of `names`, whichever command reads it. */
export const unknownResource = (text: string, names: string) => usageError(`Recurso desconocido «${text}». Use uno de: ${names}.`)

/** A case's number as typed; anything else is a usage error. */
export const caseNumberOf = (text: string): number => {
  if (!/^\d{1,15}$/.test(text.trim())) throw badCaseNumber(text)
  return Number(text.trim())
}
