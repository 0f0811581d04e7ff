import { Schema } from "effect"
import { Id, Payload } from "./fields.js"
import { BeneficiaryUpsertInput } from "./personRecord.js"
import { SubscriptionId } from "./subscription.js"

/** `DELETE /lead/removeBeneficiary`: which carga leaves which titular's subscription. */
export const RemoveBeneficiaryInput = Payload({ insured_id: Id, beneficiary_id: Id, subscription_id: SubscriptionId })
export type RemoveBeneficiaryInput = typeof RemoveBeneficiaryInput.Type

/**
 * The link removed (the client drops the carga whose id is `beneficiary_id`); `removed` is false
 * when it was already gone, which is not an error.
 */
export const RemovedBeneficiary = Schema.Struct({
  lead_id: Schema.String,
  subscription_id: Schema.Number,
  insured_id: Schema.String,
  beneficiary_id: Schema.String,
  removed: Schema.Boolean
})
export type RemovedBeneficiary = typeof RemovedBeneficiary.Type

/**
 * `POST /lead/addBeneficiary`, in the original's shape: the carga (upserted by RUT, stored data
 * kept on blanks) joins a titular of a subscription.
 */
export const AddBeneficiaryInput = Payload({ insured_id: Id, subscription_id: SubscriptionId, beneficiary_data: BeneficiaryUpsertInput })
export type AddBeneficiaryInput = typeof AddBeneficiaryInput.Type

/** The link made (the client reads `beneficiary_id`); adding one already there answers it again. */
export const AddedBeneficiary = Schema.Struct({
  lead_id: Schema.String,
  subscription_id: Schema.Number,
  insured_id: Schema.String,
  beneficiary_id: Schema.String
})
export type AddedBeneficiary = typeof AddedBeneficiary.Type
