import { Schema } from "effect"
import { Applicant } from "./applicant.js"
import { CapturedValue } from "./capturedValue.js"
import { Incident } from "./case.js"
import { PartnerAssignment, SpecialistAssignment } from "./caseAssignment.js"
import { Id, IsoDate } from "./fields.js"
import { Imed } from "./imed.js"
import { Clp } from "./money.js"
import { TimeOfDay, Timestamp } from "./time.js"

/**
 * A case's history, append-only: `case_event(case_id, version, type, payload, user_id, at)`.
 * The case is the fold of its events; `version` is 1 for `opened` and +1 per event.
 */
const envelope = { case_id: Id, version: Schema.Number, user_id: Schema.String, at: Timestamp }

const event = <const T extends string, F extends Schema.Struct.Fields>(type: T, payload: F) =>
  Schema.Struct({ ...envelope, type: Schema.Literal(type), payload: Schema.Struct(payload) })

const reason = { reason: Schema.String }

export const CaseOpened = event("opened", { number: Schema.Number, date: IsoDate, time: TimeOfDay })
export const ApplicantSet = event("applicantSet", {
  applicant: Applicant,
  insured_id: Schema.NullOr(Id),
  beneficiary_id: Schema.NullOr(Id)
})
export const ProductSet = event("productSet", {
  lead_id: Id,
  retail_id: Id,
  product_id: Id,
  assistance_id: Id,
  coverageException: Schema.Boolean
})
export const EventSet = event("eventSet", { event: Incident })
export const ValuesSet = event("valuesSet", { values: Schema.Array(CapturedValue) })
export const ProcedureSet = event("procedureSet", { procedure_id: Id, procedure_code: Schema.String })
export const SpecialistAssigned = event("specialistAssigned", { specialist: SpecialistAssignment })
export const SpecialistCancelled = event("specialistCancelled", { specialist_id: Id, ...reason })
export const PartnerAssigned = event("partnerAssigned", { partner: PartnerAssignment })
export const PartnerCancelled = event("partnerCancelled", { partner_id: Id, ...reason })
export const RefundRequested = event("refundRequested", { amount: Clp, description: Schema.String })
export const RefundApproved = event("refundApproved", { description: Schema.String })
export const RefundRejected = event("refundRejected", reason)
export const RefundPaid = event("refundPaid", { date: IsoDate })
export const ImedSet = event("imedSet", { imed: Imed })
export const AttachmentAdded = event("attachmentAdded", {
  attachment_id: Id,
  document_id: Schema.NullOr(Id),
  fileName: Schema.String
})
// The text lives in the chat; history records that (and where) it was posted.
export const MessagePosted = event("messagePosted", { message_id: Id, stage_code: Schema.String })
export const CaseClosed = event("closed", { description: Schema.String })
export const CaseReopened = event("reopened", reason)
export const StageMoved = event("stageMoved", { stage_code: Schema.String })

export const CaseEvent = Schema.Union(
  CaseOpened,
  ApplicantSet,
  ProductSet,
  EventSet,
  ValuesSet,
  ProcedureSet,
  SpecialistAssigned,
  SpecialistCancelled,
  PartnerAssigned,
  PartnerCancelled,
  RefundRequested,
  RefundApproved,
  RefundRejected,
  RefundPaid,
  ImedSet,
  AttachmentAdded,
  MessagePosted,
  CaseClosed,
  CaseReopened,
  StageMoved
)
export type CaseEvent = typeof CaseEvent.Type
export type CaseEventType = CaseEvent["type"]
export type CaseEventOf<T extends CaseEventType> = Extract<CaseEvent, { readonly type: T }>

/** How each event reads in the case's history. */
export const caseEventLabel: Record<CaseEventType, string> = {
  opened: "Caso abierto",
  applicantSet: "Solicitante registrado",
  productSet: "Servicio seleccionado",
  eventSet: "Evento registrado",
  valuesSet: "Valores registrados",
  procedureSet: "Procedimiento definido",
  specialistAssigned: "Especialista asignado",
  specialistCancelled: "Especialista anulado",
  partnerAssigned: "Alianza asignada",
  partnerCancelled: "Alianza anulada",
  refundRequested: "Reembolso solicitado",
  refundApproved: "Reembolso aprobado",
  refundRejected: "Reembolso rechazado",
  refundPaid: "Reembolso pagado",
  imedSet: "Descuento IMED registrado",
  attachmentAdded: "Antecedente adjuntado",
  messagePosted: "Mensaje publicado",
  closed: "Caso cerrado",
  reopened: "Caso reabierto",
  stageMoved: "Cambio de etapa"
}

export const caseEventTypes = Object.keys(caseEventLabel) as ReadonlyArray<CaseEventType>
