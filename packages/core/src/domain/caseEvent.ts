import { Schema } from "effect"
import {
  assignmentKinds,
  CaseAssignment,
  CaseCost,
  CaseFile,
  CaseIncident,
  CaseParties,
  CaseRefund,
  CaseService,
  CaseValue,
  RefundAmounts
} from "./caseFacts.js"
import { ApplicantType } from "./applicant.js"
import { IsoDate } from "./fields.js"
import { RefundStatus } from "./refund.js"
import { TimeOfDay } from "./time.js"

/**
 * A case's history, append-only: `case_event(case_id, version, type, payload, user_id, at)`.
 * Each change is one event; the case is their fold (caseFold.ts). Assignment events carry the
 * `kind` (specialist or alliance) so both procedures share one cycle.
 */
const event = <const T extends string, F extends Schema.Struct.Fields>(type: T, payload: F) =>
  Schema.Struct({ type: Schema.Literal(type), payload: Schema.Struct(payload) })

const kind = Schema.Literal(...assignmentKinds)

export const CaseOpened = event("opened", { number: Schema.Number, type: ApplicantType })
export const PartiesSet = event("partiesSet", { parties: CaseParties })
export const ServiceSet = event("serviceSet", { service: CaseService })
export const CoverageExceptionSet = event("coverageExceptionSet", { reason: Schema.NullOr(Schema.String) })
export const IncidentSet = event("eventSet", { event: CaseIncident })
export const ValuesSet = event("valuesSet", { values: Schema.Array(CaseValue) })
export const FilesSet = event("filesSet", { files: Schema.Array(CaseFile) })
export const ProcedureSet = event("procedureSet", { procedure: Schema.NullOr(Schema.Struct({ id: Schema.String, code: Schema.String })) })
export const Assigned = event("assigned", { kind, assignment: CaseAssignment })
export const Scheduled = event("scheduled", { kind, scheduled_date: Schema.NullOr(IsoDate), scheduled_time: Schema.NullOr(TimeOfDay) })
export const Confirmed = event("confirmed", { kind, confirmed: Schema.Boolean })
export const Completed = event("completed", { kind, completed: Schema.Boolean })
export const Qualified = event("qualified", { kind, qualification_id: Schema.NullOr(Schema.String), comment: Schema.String })
export const Cancelled = event("cancelled", { kind, cancel: Schema.Boolean })
export const RefundRequested = event("refundRequested", { refund: CaseRefund })
export const RefundAmended = event("refundAmended", { amount: RefundAmounts, imed: RefundAmounts, comment: Schema.String })
export const RefundStatusChanged = event("refundStatusChanged", { from: RefundStatus, to: RefundStatus })
export const CostSet = event("costSet", { cost: CaseCost })
export const Closed = event("closed", { description: Schema.String })
export const Reopened = event("reopened", { description: Schema.String })

export const CaseChange = Schema.Union(
  CaseOpened,
  PartiesSet,
  ServiceSet,
  CoverageExceptionSet,
  IncidentSet,
  ValuesSet,
  FilesSet,
  ProcedureSet,
  Assigned,
  Scheduled,
  Confirmed,
  Completed,
  Qualified,
  Cancelled,
  RefundRequested,
  RefundAmended,
  RefundStatusChanged,
  CostSet,
  Closed,
  Reopened
)
/** What happened, before it is stamped with its version, author and time. */
export type CaseChange = typeof CaseChange.Type
export type CaseChangeType = CaseChange["type"]
export type CaseChangeOf<T extends CaseChangeType> = Extract<CaseChange, { readonly type: T }>

/** A stored event: the change with its place in the case's history. */
export interface CaseEvent {
  readonly version: number
  readonly change: CaseChange
  readonly user_id: string
  readonly at: string
}
