import { Schema } from "effect"
import { Id, OptionalText, Payload, Name } from "./fields.js"

/** A trade inside a family: Gasfitería, Electricidad… */
export const Specialty = Schema.Struct({
  id: Id,
  family_id: Id,
  family_name: Schema.String,
  name: Schema.String,
  description: Schema.String,
  isActive: Schema.Boolean
})
export type Specialty = typeof Specialty.Type

export const SpecialtyInput = Payload({
  family_id: Id,
  name: Name(120),
  description: Schema.optionalWith(OptionalText(500), { default: () => "" })
})
export type SpecialtyInput = typeof SpecialtyInput.Type
