import { Schema } from "effect"
import { Rut } from "../rut/Rut.js"
import { DistrictRef, IdList, Phone, optionalNull } from "./common.js"
import { Email, Id, OptionalText, Payload, Text } from "./fields.js"

/** An alliance: a provider company with specialties. */
export const Partner = Schema.Struct({
  id: Id,
  rut: Rut,
  name: Schema.String,
  legalRepresentative: Schema.String,
  address: Schema.String,
  district: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  specialties: Schema.Array(Id),
  isActive: Schema.Boolean
})
export type Partner = typeof Partner.Type

const text = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

export const PartnerInput = Payload({
  rut: Rut,
  name: Text(120),
  legalRepresentative: text(120),
  address: text(200),
  district: optionalNull(DistrictRef, "Comuna inválida"),
  email: optionalNull(Email, "Correo electrónico inválido"),
  phone: optionalNull(Phone, "Teléfono inválido"),
  specialties: IdList()
}).pipe(Schema.filter((p) => p.specialties.length > 0 || { path: ["specialties"], message: "Indique al menos una especialidad" }))
export type PartnerInput = typeof PartnerInput.Type
