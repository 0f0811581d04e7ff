import { Schema } from "effect"
import { Id, OptionalText, Payload, Name } from "./fields.js"

/** How a captured value is typed: D fecha, S texto corto, C texto largo, N número. */
export const ValueType = Schema.Struct({
  id: Id,
  code: Schema.String,
  name: Schema.String,
  description: Schema.String,
  isActive: Schema.Boolean
})
export type ValueType = typeof ValueType.Type

export const ValueTypeCode = Schema.compose(Schema.Trim, Schema.Uppercase)
  .pipe(Schema.pattern(/^[A-Z]$/, { message: () => "El código debe ser una letra (p. ej. D, S, C, N)" }))
  .annotations({ message: () => "El código debe ser una letra (p. ej. D, S, C, N)" })

export const ValueTypeInput = Payload({
  code: ValueTypeCode,
  name: Name(60),
  description: Schema.optionalWith(OptionalText(200), { default: () => "" })
})
export type ValueTypeInput = typeof ValueTypeInput.Type

/** Codes of the seeded value types: captured values are validated by them (see capturedValue). */
export const seededValueTypeCodes = ["D", "S", "C", "N"] as const
