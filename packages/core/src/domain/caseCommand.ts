import { Schema } from "effect"
import { ApplicantType } from "./applicant.js"
import { assignmentKinds, CaseCost, CaseFile, CaseIncident, CaseParties, CaseService, CaseValue, RefundAmounts } from "./caseFacts.js"
import { IsoDate } from "./fields.js"
import { TimeOfDay } from "./time.js"

/**
 * What someone asks of a case: the lifecycle's commands (caseLifecycle.ts decides each one into
 * events or a Spanish refusal). Ids are already resolved and checked to exist by whoever sends
 * them (the server), so the lifecycle decides on the case's facts alone.
 */
const command = <const T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) => Schema.Struct({ type: Schema.Literal(type), ...fields })

const Visit = { scheduled_date: Schema.NullOr(IsoDate), scheduled_time: Schema.NullOr(TimeOfDay) }

export const caseCommandSchemas = {
  open: command("open", { number: Schema.Number, applicant: ApplicantType }),
  setParties: command("setParties", { parties: CaseParties }),
  setService: command("setService", { service: CaseService }),
  setCoverageException: command("setCoverageException", { reason: Schema.NullOr(Schema.String) }),
  setIncident: command("setIncident", { event: CaseIncident }),
  setValues: command("setValues", { values: Schema.Array(CaseValue) }),
  setFiles: command("setFiles", { files: Schema.Array(CaseFile) }),
  setCost: command("setCost", { cost: CaseCost }),
  chooseProcedure: command("chooseProcedure", { procedure: Schema.Struct({ id: Schema.String, code: Schema.String }) }),
  /** `district_id` null: a specialist goes to the event's comuna. */
  assignProvider: command("assignProvider", {
    kind: Schema.Literal(...assignmentKinds),
    provider_id: Schema.String,
    specialty_id: Schema.NullOr(Schema.String),
    district_id: Schema.NullOr(Schema.String),
    ...Visit
  }),
  schedule: command("schedule", Visit),
  confirmAssignment: command("confirmAssignment", {}),
  completeAssignment: command("completeAssignment", {}),
  qualify: command("qualify", { qualification_id: Schema.NullOr(Schema.String), comment: Schema.String }),
  cancelAssignment: command("cancelAssignment", {}),
  /** Taking back a visit's confirmation, completion or cancellation: the seed's documents can ask it; the lifecycle never allows it. */
  undo: command("undo", { step: Schema.Literal("confirmAssignment", "completeAssignment", "cancelAssignment") }),
  requestRefund: command("requestRefund", { amount: RefundAmounts, imed: RefundAmounts, comment: Schema.String }),
  amendRefund: command("amendRefund", { amount: RefundAmounts, imed: RefundAmounts, comment: Schema.String }),
  approveRefund: command("approveRefund", {}),
  rejectRefund: command("rejectRefund", {}),
  /** `refunded` null: what was asked for (or what was already recorded as paid back). */
  payRefund: command("payRefund", { refunded: Schema.NullOr(Schema.Number) }),
  close: command("close", { description: Schema.String }),
  reopen: command("reopen", { description: Schema.String })
}

export const CaseCommand = Schema.Union(...Object.values(caseCommandSchemas))
export type CaseCommand = typeof CaseCommand.Type
export type CaseCommandType = CaseCommand["type"]
export type CaseCommandOf<T extends CaseCommandType> = Extract<CaseCommand, { readonly type: T }>
