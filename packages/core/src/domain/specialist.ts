import { Schema } from "effect"
import { DottedRut } from "../rut/Rut.js"
import { Flag, Id, IsoDate, Payload } from "./fields.js"
import { personInputFields } from "./person.js"
import { providerContactFields, requireSpecialty, ServedDistrict, ServedRefs, SpecialtyRefs, withSpecialties } from "./provider.js"

/**
 * An individual technician, as the seed's lists answer them (`getAll`, `getBySpecialtyId`,
 * `getByName`, `getByAssistanceAndDistrict`). `person_id` is null: Palma keeps no separate person
 * record for them.
 */
export const Specialist = Schema.Struct({
  id: Id,
  person_id: Schema.Null,
  rut: DottedRut,
  name: Schema.String,
  paternalLastName: Schema.String,
  maternalLastName: Schema.String,
  birthDate: Schema.NullOr(IsoDate),
  ...providerContactFields,
  isRemote: Schema.Boolean,
  isActive: Schema.Boolean
})
export type Specialist = typeof Specialist.Type

/**
 * A specialist who performs an assistance in comunas near an event's when nobody serves the event's
 * own (Palma's `getNearby`): `reach` says how near they work ("province": in a comuna of the same
 * province; "region": of the same region) and `served` names the nearest comuna they serve.
 */
export const NearbySpecialist = Schema.Struct({ ...Specialist.fields, reach: Schema.Literal("province", "region"), served: Schema.String })
export type NearbySpecialist = typeof NearbySpecialist.Type

/** One specialist as `getById`, `getByRut` and `create` answer it: with what they do and where. */
export const SpecialistDetail = withSpecialties(Specialist, { districts: Schema.Array(ServedDistrict) })
export type SpecialistDetail = typeof SpecialistDetail.Type

/** A row of Palma's paged list: the specialist, their specialties and how many comunas they serve. */
export const SpecialistPageItem = withSpecialties(Specialist, { districtCount: Schema.Number })
export type SpecialistPageItem = typeof SpecialistPageItem.Type

/** `deleteById` answers the deactivated specialist, with the original's `deleted: true`. */
export const DeletedSpecialist = Schema.Struct({ ...Specialist.fields, deleted: Schema.Literal(true) })
export type DeletedSpecialist = typeof DeletedSpecialist.Type

/**
 * `POST /specialist/create`, an upsert keyed on the RUT. The original client posts its whole state:
 * `specialties` as the rows it read (`{id, name, family_id, family_name}`) and `districts` as
 * `{id, district_name}` rows; ids or comunas alone are accepted too. `district` is a comuna's name
 * or CUT code; anything else it sends (`id`, `person_id`…) is ignored.
 */
export const SpecialistInput = requireSpecialty(
  Payload({
    ...personInputFields,
    specialties: SpecialtyRefs,
    districts: Schema.optionalWith(ServedRefs, { default: () => [] }),
    isRemote: Schema.optionalWith(Flag, { default: () => false })
  })
).pipe(
  // Otherwise no case could ever be assigned to them.
  Schema.filter((s) => s.isRemote || s.districts.length > 0 || { path: ["districts"], message: "Indique al menos una comuna o marque atención remota" })
)
export type SpecialistInput = typeof SpecialistInput.Type

/** What the assignment rule needs to know of a specialist: specialty ids and comuna CUT codes. */
export interface Attendance {
  readonly specialties: ReadonlyArray<string>
  readonly districts: ReadonlyArray<string>
  readonly isRemote: boolean
  readonly isActive: boolean
}

/** DOMAIN rule: a matching specialty, and the event's comuna served or remote work. */
export const canAttend = (specialist: Attendance, need: { readonly specialties: ReadonlyArray<string>; readonly district: string | null }): boolean =>
  specialist.isActive &&
  specialist.specialties.some((s) => need.specialties.includes(s)) &&
  (specialist.isRemote || (need.district !== null && specialist.districts.includes(need.district)))
