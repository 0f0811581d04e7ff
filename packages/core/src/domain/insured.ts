import { Schema } from "effect"
import { Id, Payload } from "./fields.js"
import { personFields, personInputFields } from "./person.js"

/** A titular (type I): the covered person of a lead. */
export const Insured = Schema.Struct({
  id: Id,
  type: Schema.Literal("I"),
  lead_id: Id,
  ...personFields,
  isActive: Schema.Boolean
})
export type Insured = typeof Insured.Type

/** The person part, as nested in a lead. */
export const InsuredPersonInput = Payload(personInputFields)
export type InsuredPersonInput = typeof InsuredPersonInput.Type

export const InsuredInput = Payload({ lead_id: Id, ...personInputFields })
export type InsuredInput = typeof InsuredInput.Type
