import { Schema } from "effect"
import { Id, OptionalText, Payload, Text } from "./fields.js"

/** A question asked when a case is opened ("Patente", "Marca de la mascota"), of a value type. */
export const Value = Schema.Struct({
  id: Id,
  family_id: Id,
  family_name: Schema.String,
  valueType_id: Id,
  valueType_code: Schema.String,
  valueType_name: Schema.String,
  name: Schema.String,
  description: Schema.String,
  isActive: Schema.Boolean
})
export type Value = typeof Value.Type

export const ValueInput = Payload({
  family_id: Id,
  valueType_id: Id,
  name: Text(120),
  description: Schema.optionalWith(OptionalText(500), { default: () => "" })
})
export type ValueInput = typeof ValueInput.Type
