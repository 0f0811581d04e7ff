import { Schema } from "effect"
import { Rut } from "../rut/Rut.js"
import { DistrictRef, Phone, optionalNull } from "./common.js"
import { BirthDate, Email, INVALID_EMAIL, IsoDate, OptionalText, Name } from "./fields.js"
import { INVALID_ISO_DATE, INVALID_PHONE, INVALID_DISTRICT } from "./messages.js"

/**
 * The person fields shared by insured, beneficiaries, contractors and specialists, named as in
 * the original API. Free texts are "" when absent; typed optional values are null.
 */
export const personFields = {
  rut: Rut,
  name: Schema.String,
  paternalLastName: Schema.String,
  maternalLastName: Schema.String,
  birthDate: Schema.NullOr(IsoDate),
  address: Schema.String,
  district: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String)
}

/** Where a person or a company is and how to reach them, as a body sends it (blanks are none). */
export const contactInputFields = {
  address: Schema.optionalWith(OptionalText(200), { default: () => "" }),
  district: optionalNull(DistrictRef, INVALID_DISTRICT),
  email: optionalNull(Email, INVALID_EMAIL),
  phone: optionalNull(Phone, INVALID_PHONE)
}

export const personInputFields = {
  rut: Rut,
  name: Name(80),
  paternalLastName: Name(80),
  maternalLastName: Schema.optionalWith(OptionalText(80), { default: () => "" }),
  birthDate: optionalNull(BirthDate, INVALID_ISO_DATE),
  ...contactInputFields
}

export const Person = Schema.Struct(personFields)
export type Person = typeof Person.Type

/** The person fields a roster column may carry, in display order. */
export const personFieldNames = [
  "rut",
  "name",
  "paternalLastName",
  "maternalLastName",
  "birthDate",
  "address",
  "district",
  "email",
  "phone"
] as const satisfies ReadonlyArray<keyof typeof personInputFields>
export type PersonFieldName = (typeof personFieldNames)[number]

export const personFieldLabel: Record<PersonFieldName, string> = {
  rut: "RUT",
  name: "Nombre",
  paternalLastName: "Apellido paterno",
  maternalLastName: "Apellido materno",
  birthDate: "Fecha de nacimiento",
  address: "Dirección",
  district: "Comuna",
  email: "Correo electrónico",
  phone: "Teléfono"
}

/** "Nombre Paterno Materno", skipping blanks. */
export const fullName = (p: { readonly name: string; readonly paternalLastName: string; readonly maternalLastName: string }): string =>
  [p.name, p.paternalLastName, p.maternalLastName]
    .map((s) => s.trim())
    .filter((s) => s !== "")
    .join(" ")
