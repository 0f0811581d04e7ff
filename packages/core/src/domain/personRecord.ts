import { Schema } from "effect"
import { DottedRut, Rut } from "../rut/Rut.js"
import { DistrictRef, Phone, optionalNull } from "./common.js"
import { BirthDate, Email, INVALID_EMAIL, OptionalText, Payload } from "./fields.js"
import { INVALID_ISO_DATE, INVALID_PHONE, INVALID_DISTRICT } from "./messages.js"

/**
 * A titular or carga as the original's person calls answer it (`insured/upsert`,
 * `beneficiary/upsert`): flat text fields, "" when unknown; the RUT dotted, the comuna's name in
 * `district` and its CUT code in `district_id`.
 */
export const PersonRecord = Schema.Struct({
  id: Schema.String,
  rut: DottedRut,
  name: Schema.String,
  paternalLastName: Schema.String,
  maternalLastName: Schema.String,
  address: Schema.String,
  district: Schema.String,
  district_id: Schema.NullOr(Schema.String),
  email: Schema.String,
  phone: Schema.String,
  birthDate: Schema.String
})
export type PersonRecord = typeof PersonRecord.Type

/** A carga: a person plus how they relate to the titular ("" when not said). */
export const BeneficiaryRecord = Schema.Struct({
  ...PersonRecord.fields,
  relationship: Schema.String,
  relationship_id: Schema.NullOr(Schema.String)
})
export type BeneficiaryRecord = typeof BeneficiaryRecord.Type

const kept = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

/**
 * A person upsert keyed on the RUT, as the original client posts it (its whole state object:
 * `type`, `id` and the rest are ignored). A blank or missing field keeps what is stored; a new
 * person needs at least a name.
 */
export const PersonUpsertInput = Payload({
  rut: Rut,
  name: kept(80),
  paternalLastName: kept(80),
  maternalLastName: kept(80),
  address: kept(200),
  district: optionalNull(DistrictRef, INVALID_DISTRICT),
  email: optionalNull(Email, INVALID_EMAIL),
  phone: optionalNull(Phone, INVALID_PHONE),
  birthDate: optionalNull(BirthDate, INVALID_ISO_DATE)
})
export type PersonUpsertInput = typeof PersonUpsertInput.Type

/** A carga's upsert: the person plus its relationship, by name ("Hijo/a") or id; blank keeps it. */
export const BeneficiaryUpsertInput = Payload({
  ...PersonUpsertInput.fields,
  relationship: optionalNull(OptionalText(60), "Parentesco inválido")
})
export type BeneficiaryUpsertInput = typeof BeneficiaryUpsertInput.Type
