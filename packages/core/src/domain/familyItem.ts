import { Schema } from "effect"
import { Id, OptionalText, Payload, Name } from "./fields.js"

/**
 * A master kept per family, a name and a description: the trades of a family (its specialties:
 * Gasfitería, Electricidad…) and the documents its cases may require (boleta, informe médico…).
 */
export const FamilyItem = Schema.Struct({
  id: Id,
  family_id: Id,
  family_name: Schema.String,
  name: Schema.String,
  description: Schema.String,
  isActive: Schema.Boolean
})
export type FamilyItem = typeof FamilyItem.Type

export const FamilyItemInput = Payload({
  family_id: Id,
  name: Name(120),
  description: Schema.optionalWith(OptionalText(500), { default: () => "" })
})
export type FamilyItemInput = typeof FamilyItemInput.Type

/** A trade inside a family. */
export const Specialty = FamilyItem
export type Specialty = FamilyItem
export const SpecialtyInput = FamilyItemInput
export type SpecialtyInput = FamilyItemInput

/** A document a case may require. */
export const Document = FamilyItem
export type Document = FamilyItem
export const DocumentInput = FamilyItemInput
export type DocumentInput = FamilyItemInput
