import { Schema } from "effect"
import { DottedRut, Rut } from "../rut/Rut.js"
import { Id, OptionalText, Payload, Text } from "./fields.js"
import { contactInputFields } from "./person.js"
import { providerContactFields, requireSpecialty, SpecialtyRefs, withSpecialties } from "./provider.js"

/**
 * An alliance: a provider company, as the seed's lists answer it. The field names are the
 * original's (`legalrepresentative` in lower case, `line` the giro).
 */
export const Partner = Schema.Struct({
  id: Id,
  rut: DottedRut,
  name: Schema.String,
  legalrepresentative: Schema.String,
  line: Schema.String,
  ...providerContactFields,
  isActive: Schema.Boolean
})
export type Partner = typeof Partner.Type

/** One partner as `getById`, `getByRut` and `create` answer it, and a row of Palma's paged list. */
export const PartnerDetail = withSpecialties(Partner)
export type PartnerDetail = typeof PartnerDetail.Type

const text = (max: number) => Schema.optionalWith(OptionalText(max), { default: () => "" })

/**
 * `POST /partner/create`, an upsert keyed on the RUT; `specialties` as ids or as the rows the
 * client read. Anything else it sends (`id`…) is ignored.
 */
export const PartnerInput = requireSpecialty(
  Payload({
    rut: Rut,
    name: Text(120),
    legalrepresentative: text(120),
    line: text(120),
    ...contactInputFields,
    specialties: SpecialtyRefs
  })
)
export type PartnerInput = typeof PartnerInput.Type
