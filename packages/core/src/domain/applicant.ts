import { Schema } from "effect"
import { Rut } from "../rut/Rut.js"
import { Beneficiary } from "./beneficiary.js"
import { Choice, Phone, optionalNull } from "./common.js"
import { Contractor } from "./contractor.js"
import { Email, Id, IsoDate, OptionalText, Payload, Name } from "./fields.js"
import { Insured } from "./insured.js"
import { Policy } from "./policy.js"

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
  email: optionalNull(Email, "Correo electrónico inválido"),
  phone: optionalNull(Phone, "Teléfono inválido")
})
export type ApplicantInput = typeof ApplicantInput.Type

/** A plan the person holds through a lead, with the policy that makes it count. */
export const HeldProduct = Schema.Struct({
  lead_id: Id,
  productPlan_id: Id,
  product_id: Id,
  product_name: Schema.String,
  retail_id: Id,
  retail_name: Schema.String,
  policy: Policy
})
export type HeldProduct = typeof HeldProduct.Type

export const RetailRef = Schema.Struct({ id: Id, name: Schema.String })
export type RetailRef = typeof RetailRef.Type

/** `GET /case/getApplicantByRut/{rut}`: optional `date` (event date) decides which policies count. */
export const ApplicantLookupQuery = Schema.Struct({ date: Schema.optional(IsoDate) })
export type ApplicantLookupQuery = typeof ApplicantLookupQuery.Type

/** What is known of a RUT: type C means nobody covered has it. */
export const ApplicantLookup = Schema.Struct({
  type: ApplicantType,
  customer: Schema.NullOr(Contractor),
  insured: Schema.NullOr(Insured),
  beneficiary: Schema.NullOr(Beneficiary),
  retails: Schema.Array(RetailRef),
  products: Schema.Array(HeldProduct)
})
export type ApplicantLookup = typeof ApplicantLookup.Type
