import { Schema } from "effect"
import { Id, OptionalText, Payload, Name } from "./fields.js"

/** A document a case may require: boleta, informe médico… */
export const Document = Schema.Struct({
  id: Id,
  family_id: Id,
  family_name: Schema.String,
  name: Schema.String,
  description: Schema.String,
  isActive: Schema.Boolean
})
export type Document = typeof Document.Type

export const DocumentInput = Payload({
  family_id: Id,
  name: Name(120),
  description: Schema.optionalWith(OptionalText(500), { default: () => "" })
})
export type DocumentInput = typeof DocumentInput.Type
