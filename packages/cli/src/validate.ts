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
