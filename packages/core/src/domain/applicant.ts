import { Schema } from "effect"
import { DottedRut, Rut } from "../rut/Rut.js"
import { Choice, Phone, optionalNull } from "./common.js"
import { Email, INVALID_EMAIL, IsoDate, OptionalText, Payload, Name } from "./fields.js"
import { PersonRecord } from "./personRecord.js"
import { formatDate } from "./time.js"
import { INVALID_PHONE } from "./messages.js"

/** Who asks for a case: the titular (I), a carga (B) or someone not yet covered (C, customer). */
export const ApplicantType = Choice(["I", "B", "C"], "Tipo de solicitante inválido: I (titular), B (carga) o C (cliente)")
export type ApplicantType = typeof ApplicantType.Type

export const applicantTypeLabel: Record<ApplicantType, string> = { I: "Titular", B: "Carga", C: "Cliente" }

/** The applicant as recorded on the case (a snapshot: later edits to the person do not rewrite history). */
export const Applicant = Schema.Struct({
  type: ApplicantType,
  rut: Rut,
  name: Schema.String,
  paternalLastName: Schema.String,
  maternalLastName: Schema.String,
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String)
})
export type Applicant = typeof Applicant.Type

export const ApplicantInput = Payload({
  type: ApplicantType,
  rut: Rut,
  name: Name(80),
  paternalLastName: Name(80),
  maternalLastName: Schema.optionalWith(OptionalText(80), { default: () => "" }),
  email: optionalNull(Email, INVALID_EMAIL),
  phone: optionalNull(Phone, INVALID_PHONE)
})
export type ApplicantInput = typeof ApplicantInput.Type

export const RetailRef = Schema.Struct({ id: Schema.String, name: Schema.String })
export type RetailRef = typeof RetailRef.Type

/**
 * A plan the person holds, as the original answers it (`id`, `name` of the product and `agent_id`,
 * the channel that sold it), with Palma's additions: the lead, the plan, the channel and the policy.
 */
export const HeldProduct = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  agent_id: Schema.String,
  lead_id: Schema.String,
  productPlan_id: Schema.String,
  retail_id: Schema.String,
  policy: Schema.Struct({ number: Schema.String, startDate: IsoDate, endDate: IsoDate })
})
export type HeldProduct = typeof HeldProduct.Type

/** A held product as the new case offers it to choose (the screen's radio, the CLI's list). */
export const heldProductLabel = (p: HeldProduct): string =>
  `${p.name} · póliza ${p.policy.number} (${formatDate(p.policy.startDate)} a ${formatDate(p.policy.endDate)})`

/** `GET /case/getApplicantByRut/{rut}`: optional `date` (the event's) decides which policies count. */
export const ApplicantLookupQuery = Schema.Struct({ date: Schema.optional(IsoDate) })
export type ApplicantLookupQuery = typeof ApplicantLookupQuery.Type

/** A titular (I) or a carga (B) with a policy in force: who pays, the titular, the carga, what they hold. */
export const KnownApplicant = Schema.Struct({
  type: Schema.Literal("I", "B"),
  customer: Schema.Struct({ id: Schema.String, rut: DottedRut, name: Schema.String }),
  insured: PersonRecord,
  beneficiary: Schema.NullOr(PersonRecord),
  retails: Schema.Array(RetailRef),
  products: Schema.Array(HeldProduct)
})
export type KnownApplicant = typeof KnownApplicant.Type

/** Nobody covered has the RUT: exactly `{type: "C"}`, as the original answers (the client registers a customer). */
export const UnknownApplicant = Schema.Struct({ type: Schema.Literal("C") })

export const ApplicantLookup = Schema.Union(KnownApplicant, UnknownApplicant)
export type ApplicantLookup = typeof ApplicantLookup.Type
