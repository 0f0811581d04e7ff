import { Schema } from "effect"
import { Rut } from "../rut/Rut.js"
import { Applicant, ApplicantInput, ApplicantType } from "./applicant.js"
import { CapturedValue, CapturedValueInput } from "./capturedValue.js"
import { PartnerAssignment, SpecialistAssignment } from "./caseAssignment.js"
import { DistrictRef, isUnique, optionalNull } from "./common.js"
import { Flag, Id, IsoDate, NonNegativeInt, Payload, Text } from "./fields.js"
import { Imed } from "./imed.js"
import { Refund } from "./refund.js"
import { TimeOfDay, Timestamp } from "./time.js"

/** The case's `event`: what happened, where and when (not a history event, see caseEvent). */
export const Incident = Schema.Struct({ date: IsoDate, district: Schema.String, description: Schema.String })
export type Incident = typeof Incident.Type

export const IncidentInput = Payload({ date: IsoDate, district: DistrictRef, description: Text(2000) })
export type IncidentInput = typeof IncidentInput.Type

export const CaseStatus = Schema.Struct({ isClosed: Schema.Boolean, description: Schema.String })
export type CaseStatus = typeof CaseStatus.Type

/**
 * An assistance case, the projection of its events. `date`/`time` are the opening in Chile's
 * local time (what people read); `createdAt` is the instant. `version` = number of events,
 * named back by every write for optimistic concurrency.
 */
export const Case = Schema.Struct({
  id: Id,
  number: Schema.Number,
  date: IsoDate,
  time: TimeOfDay,
  createdAt: Timestamp,
  user_id: Schema.String,
  applicant: Applicant,
  lead_id: Schema.NullOr(Id),
  retail_id: Schema.NullOr(Id),
  insured_id: Schema.NullOr(Id),
  beneficiary_id: Schema.NullOr(Id),
  product_id: Schema.NullOr(Id),
  assistance_id: Schema.NullOr(Id),
  coverageException: Schema.Boolean,
  values: Schema.Array(CapturedValue),
  event: Schema.NullOr(Incident),
  procedure_id: Schema.NullOr(Id),
  procedure_code: Schema.NullOr(Schema.String),
  stage_id: Id,
  stage_code: Schema.String,
  stage_name: Schema.String,
  status: CaseStatus,
  refund: Schema.NullOr(Refund),
  imed: Schema.NullOr(Imed),
  specialist: Schema.NullOr(SpecialistAssignment),
  partner: Schema.NullOr(PartnerAssignment),
  version: Schema.Number
})
export type Case = typeof Case.Type

/** A row of the cases table. */
export const CaseSummary = Schema.Struct({
  id: Id,
  number: Schema.Number,
  date: IsoDate,
  time: TimeOfDay,
  applicantType: ApplicantType,
  retail_id: Schema.NullOr(Id),
  retail_name: Schema.NullOr(Schema.String),
  product_name: Schema.NullOr(Schema.String),
  assistance_name: Schema.NullOr(Schema.String),
  insured_rut: Schema.NullOr(Rut),
  insured_name: Schema.NullOr(Schema.String),
  eventDate: Schema.NullOr(IsoDate),
  stage_code: Schema.String,
  stage_name: Schema.String,
  isClosed: Schema.Boolean,
  version: Schema.Number
})
export type CaseSummary = typeof CaseSummary.Type

export const CapturedValues = Schema.Array(CapturedValueInput)
  .annotations({ message: () => "Debe ser una lista de valores" })
  .pipe(
    Schema.maxItems(100, { message: () => "Demasiados valores" }),
    Schema.filter((vs) => isUnique(vs, (v) => v.value_id) || "Hay valores repetidos")
  )

/**
 * `POST /case/upsert`: opens a case (no `id`) or rewrites its draft part (`id` with the
 * `version` read). Stage, status, number and the acting user are never taken from the body.
 */
export const CaseUpsertInput = Payload({
  id: Schema.optional(Id),
  version: Schema.optional(NonNegativeInt),
  applicant: ApplicantInput,
  lead_id: Id,
  insured_id: Id,
  beneficiary_id: optionalNull(Id, "Identificador inválido"),
  assistance_id: Id,
  // The operator's explicit confirmation when the coverage check found a problem.
  coverageException: Schema.optionalWith(Flag, { default: () => false }),
  values: Schema.optionalWith(CapturedValues, { default: () => [] }),
  event: IncidentInput,
  procedure_id: optionalNull(Id, "Identificador inválido")
}).pipe(
  Schema.filter((c) =>
    c.id !== undefined && c.version === undefined
      ? { path: ["version"], message: "Indique la versión leída del caso" }
      : c.id === undefined && c.version !== undefined
        ? { path: ["id"], message: "Falta el identificador del caso" }
        : true
  ),
  Schema.filter((c) => c.applicant.type !== "B" || c.beneficiary_id !== null || { path: ["beneficiary_id"], message: "Indique la carga que solicita" })
)
export type CaseUpsertInput = typeof CaseUpsertInput.Type
