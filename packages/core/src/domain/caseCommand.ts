import { Schema } from "effect"
import { ApplicantInput } from "./applicant.js"
import { CapturedValues, IncidentInput } from "./case.js"
import { PartnerAssignmentInput, SpecialistAssignmentInput } from "./caseAssignment.js"
import type { CaseEventType } from "./caseEvent.js"
import { optionalNull } from "./common.js"
import { Flag, Id, IsoDate, NonNegativeInt, OptionalText, Payload, Text } from "./fields.js"
import { ImedInput } from "./imed.js"
import { Clp } from "./money.js"
import type { Access } from "./role.js"
import { Code } from "./stage.js"

/**
 * What an operator asks of an existing case. Each command names the case `version` it read
 * (a stale one is a 409) and becomes the event of the same `type`; the server adds what it
 * derives (product and channel from the lead, procedure code) and the acting user.
 * `opened`, `attachmentAdded` and `messagePosted` come from their own endpoints.
 */
const command = <const T extends CaseEventType, P extends Schema.Schema.Any>(type: T, payload: P) =>
  Payload({ type: Schema.Literal(type), version: NonNegativeInt, payload })

const reason = Payload({ reason: Text(500) })
const note = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

const PositiveClp = Clp.pipe(Schema.positive({ message: () => "El monto debe ser mayor que cero" }))

export const SetApplicant = command(
  "applicantSet",
  Payload({
    applicant: ApplicantInput,
    insured_id: optionalNull(Id, "Identificador inválido"),
    beneficiary_id: optionalNull(Id, "Identificador inválido")
  })
)
export const SetProduct = command(
  "productSet",
  Payload({ lead_id: Id, assistance_id: Id, coverageException: Schema.optionalWith(Flag, { default: () => false }) })
)
export const SetEvent = command("eventSet", Payload({ event: IncidentInput }))
export const SetValues = command("valuesSet", Payload({ values: CapturedValues }))
export const SetProcedure = command("procedureSet", Payload({ procedure_id: Id }))
export const AssignSpecialist = command("specialistAssigned", Payload({ specialist: SpecialistAssignmentInput }))
export const CancelSpecialist = command("specialistCancelled", reason)
export const AssignPartner = command("partnerAssigned", Payload({ partner: PartnerAssignmentInput }))
export const CancelPartner = command("partnerCancelled", reason)
export const RequestRefund = command("refundRequested", Payload({ amount: PositiveClp, description: note(500) }))
export const ApproveRefund = command("refundApproved", Payload({ description: note(500) }))
export const RejectRefund = command("refundRejected", reason)
export const PayRefund = command("refundPaid", Payload({ date: IsoDate }))
export const SetImed = command("imedSet", Payload({ imed: ImedInput }))
export const CloseCase = command("closed", Payload({ description: Text(1000) }))
export const ReopenCase = command("reopened", reason)
export const MoveStage = command("stageMoved", Payload({ stage_code: Code }))

export const CaseCommand = Schema.Union(
  SetApplicant,
  SetProduct,
  SetEvent,
  SetValues,
  SetProcedure,
  AssignSpecialist,
  CancelSpecialist,
  AssignPartner,
  CancelPartner,
  RequestRefund,
  ApproveRefund,
  RejectRefund,
  PayRefund,
  SetImed,
  CloseCase,
  ReopenCase,
  MoveStage
)
export type CaseCommand = typeof CaseCommand.Type
export type CaseCommandType = CaseCommand["type"]

/** Who may issue each command (DESIGN §3): supervision is for moderators and admins. */
export const caseCommandAccess: Record<CaseCommandType, Access> = {
  applicantSet: "staff",
  productSet: "staff",
  eventSet: "staff",
  valuesSet: "staff",
  procedureSet: "staff",
  specialistAssigned: "staff",
  specialistCancelled: "staff",
  partnerAssigned: "staff",
  partnerCancelled: "staff",
  refundRequested: "staff",
  refundApproved: "moderator",
  refundRejected: "moderator",
  refundPaid: "staff",
  imedSet: "staff",
  closed: "staff",
  reopened: "moderator",
  stageMoved: "staff"
}
