import { Schema } from "effect"
import { isUnique } from "./common.js"
import { Beneficiary, BeneficiaryPersonInput } from "./beneficiary.js"
import { Contractor, ContractorInput } from "./contractor.js"
import { Id, Payload } from "./fields.js"
import { Insured, InsuredPersonInput } from "./insured.js"
import { Policy, PolicyInput } from "./policy.js"
import { Timestamp } from "./time.js"

/** One customer's subscription to one plan. No contractor means the titular pays. */
export const Lead = Schema.Struct({
  id: Id,
  productPlan_id: Id,
  product_id: Id,
  product_name: Schema.String,
  retail_id: Id,
  retail_name: Schema.String,
  contractor: Schema.NullOr(Contractor),
  insured: Insured,
  beneficiaries: Schema.Array(Beneficiary),
  policy: Policy,
  isActive: Schema.Boolean,
  createdAt: Timestamp
})
export type Lead = typeof Lead.Type

export const LeadInput = Payload({
  productPlan_id: Id,
  contractor: Schema.optionalWith(Schema.NullOr(ContractorInput), { default: () => null }),
  insured: InsuredPersonInput,
  beneficiaries: Schema.optionalWith(
    Schema.Array(BeneficiaryPersonInput)
      .annotations({ message: () => "Debe ser una lista de cargas" })
      .pipe(Schema.maxItems(50, { message: () => "Demasiadas cargas" })),
    { default: () => [] }
  ),
  policy: PolicyInput
}).pipe(
  // The plan's number of cargas is checked by the server; repeated people are plain errors.
  Schema.filter(
    (l) =>
      isUnique([l.insured.rut, ...l.beneficiaries.map((b) => b.rut)]) || {
        path: ["beneficiaries"],
        message: "Una misma persona aparece más de una vez (titular o cargas)"
      }
  )
)
export type LeadInput = typeof LeadInput.Type
