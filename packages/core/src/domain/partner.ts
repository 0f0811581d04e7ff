import { Schema } from "effect"
import { DottedRut, Rut } from "../rut/Rut.js"
import { DistrictRef, Phone, optionalNull } from "./common.js"
import { Email, Id, INVALID_EMAIL, OptionalText, Payload, Text } from "./fields.js"
import { ProviderSpecialty, SpecialtyRefs } from "./provider.js"
import { NO_SPECIALTY } from "./messages.js"

/**
 * An alliance: a provider company, as the seed's lists answer it. The field names are the
 * original's (`legalrepresentative` in lower case, `line` the giro); `district` is the comuna's
 * name ("" without one) and `district_id` its CUT code.
 */
export const Partner = Schema.Struct({
  id: Id,
  rut: DottedRut,
  name: Schema.String,
  legalrepresentative: Schema.String,
  line: Schema.String,
  address: Schema.String,
  district: Schema.String,
  district_id: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String),
  isActive: Schema.Boolean
})
export type Partner = typeof Partner.Type

/** One partner as `getById`, `getByRut` and `create` answer it, and a row of Palma's paged list. */
export const PartnerDetail = Schema.Struct({ ...Partner.fields, specialties: Schema.Array(ProviderSpecialty) })
export type PartnerDetail = typeof PartnerDetail.Type

const text = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

/**
 * `POST /partner/create`, an upsert keyed on the RUT; `specialties` as ids or as the rows the
 * client read. Anything else it sends (`id`…) is ignored.
 */
export const PartnerInput = Payload({
  rut: Rut,
  name: Text(120),
  legalrepresentative: text(120),
  line: text(120),
  address: text(200),
  district: optionalNull(DistrictRef, "Comuna inválida"),
  email: optionalNull(Email, INVALID_EMAIL),
  phone: optionalNull(Phone, "Teléfono inválido"),
  specialties: SpecialtyRefs
}).pipe(Schema.filter((p) => p.specialties.length > 0 || { path: ["specialties"], message: NO_SPECIALTY }))
export type PartnerInput = typeof PartnerInput.Type
