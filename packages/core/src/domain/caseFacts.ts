import { Schema } from "effect"
import { ApplicantType } from "./applicant.js"
import { IsoDate } from "./fields.js"
import { RefundStatus } from "./refund.js"
import { TimeOfDay } from "./time.js"

/**
 * What a case is, as the fold of its events: ids and facts only (names are read from their
 * records when the case is shown). The server stores it beside the events; `caseFold.ts` builds
 * it and `caseDiff.ts` compares two of them. Ids are plain strings here: they were checked when
 * the event that carries them was written.
 */

const NullId = Schema.NullOr(Schema.String)

export const CaseValue = Schema.Struct({ id: Schema.String, value: Schema.String })
export type CaseValue = typeof CaseValue.Type

export const CaseFile = Schema.Struct({ document_id: Schema.String, file_tag: Schema.String })
export type CaseFile = typeof CaseFile.Type

/** The case's `event`: what happened, when and where (`district_id` when the place is a comuna). */
export const CaseIncident = Schema.Struct({ date: IsoDate, district_id: NullId, location: Schema.String, description: Schema.String })
export type CaseIncident = typeof CaseIncident.Type

/** A specialist or an alliance sent to the case (`district_id` only for a specialist). */
export const CaseAssignment = Schema.Struct({
  provider_id: Schema.String,
  specialty_id: NullId,
  district_id: NullId,
  scheduled_date: Schema.NullOr(IsoDate),
  scheduled_time: Schema.NullOr(TimeOfDay),
  confirmed: Schema.Boolean,
  completed: Schema.Boolean,
  cancel: Schema.Boolean,
  qualification_id: NullId,
  comment: Schema.String
})
export type CaseAssignment = typeof CaseAssignment.Type

export const assignmentKinds = ["specialist", "alliance"] as const
export type AssignmentKind = (typeof assignmentKinds)[number]

/** Pesos asked for and paid back, for the refund itself and for an IMED discount. */
export const RefundAmounts = Schema.Struct({ required: Schema.NullOr(Schema.Number), refunded: Schema.NullOr(Schema.Number) })
export type RefundAmounts = typeof RefundAmounts.Type

export const CaseRefund = Schema.Struct({ amount: RefundAmounts, imed: RefundAmounts, status: RefundStatus, comment: Schema.String })
export type CaseRefund = typeof CaseRefund.Type

export const CaseCost = Schema.Struct({ amount: Schema.Number, extra: Schema.Number, comment: Schema.String })
export type CaseCost = typeof CaseCost.Type

/** Who asks and under which subscription. */
export const CaseParties = Schema.Struct({
  type: ApplicantType,
  customer_id: NullId,
  retail_id: NullId,
  insured_id: NullId,
  beneficiary_id: NullId
})
export type CaseParties = typeof CaseParties.Type

/** The covered service asked for. */
export const CaseService = Schema.Struct({ lead_id: NullId, product_id: NullId, productPlan_id: NullId, assistance_id: NullId })
export type CaseService = typeof CaseService.Type

export const CaseFacts = Schema.Struct({
  number: Schema.Number,
  parties: CaseParties,
  service: CaseService,
  // Why the operator went ahead although the coverage check found a problem.
  coverageException: Schema.NullOr(Schema.String),
  values: Schema.Array(CaseValue),
  event: Schema.NullOr(CaseIncident),
  files: Schema.Array(CaseFile),
  procedure: Schema.NullOr(Schema.Struct({ id: Schema.String, code: Schema.String })),
  specialist: Schema.NullOr(CaseAssignment),
  alliance: Schema.NullOr(CaseAssignment),
  refund: Schema.NullOr(CaseRefund),
  cost: Schema.NullOr(CaseCost),
  status: Schema.Struct({ isClosed: Schema.Boolean, description: Schema.String })
})
export type CaseFacts = typeof CaseFacts.Type

/** The part of a case a writer sets (the number comes from the database). */
export type CaseDraftFacts = Omit<CaseFacts, "number">
