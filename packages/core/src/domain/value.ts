import { Schema } from "effect"
import { Id, OptionalText, Payload, Name } from "./fields.js"
import { ValueTypeCode } from "./valueType.js"

/**
 * A question asked when a case is opened ("Patente", "Marca de la mascota"), of a value type.
 * The seed's shape (`valuetype_code`, `family {id, name}`) with Palma's flat fields beside it.
 */
export const Value = Schema.Struct({
  id: Id,
  name: Schema.String,
  valuetype_code: Schema.String,
  family: Schema.Struct({ id: Id, name: Schema.String }),
  family_id: Id,
  family_name: Schema.String,
  valueType_id: Id,
  valueType_name: Schema.String,
  description: Schema.String,
  isActive: Schema.Boolean
})
export type Value = typeof Value.Type

/** The seed's body: the type named by its code (`valuetype_code`). */
export const ValueInput = Payload({
  family_id: Id,
  name: Name(120),
  valuetype_code: ValueTypeCode,
  description: Schema.optionalWith(OptionalText(500), { default: () => "" })
})
export type ValueInput = typeof ValueInput.Type
