import { Schema } from "effect"
import { Id, Payload } from "./fields.js"
import { personFields, personInputFields } from "./person.js"

/** A carga (type B): a dependant of a titular, with how they are related. */
export const Beneficiary = Schema.Struct({
  id: Id,
  type: Schema.Literal("B"),
  insured_id: Id,
  relationship_id: Id,
  relationship_name: Schema.String,
  ...personFields,
  isActive: Schema.Boolean
})
export type Beneficiary = typeof Beneficiary.Type

/** As nested in a lead, whose titular is implied. */
export const BeneficiaryPersonInput = Payload({ relationship_id: Id, ...personInputFields })
export type BeneficiaryPersonInput = typeof BeneficiaryPersonInput.Type

export const BeneficiaryInput = Payload({ insured_id: Id, relationship_id: Id, ...personInputFields })
export type BeneficiaryInput = typeof BeneficiaryInput.Type
