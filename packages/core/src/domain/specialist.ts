import { Schema } from "effect"
import { DistrictRef, IdList } from "./common.js"
import { Flag, Id, Payload } from "./fields.js"
import { personFields, personInputFields } from "./person.js"

/** An individual technician: what they do and where (comuna CUT codes), or remotely. */
export const Specialist = Schema.Struct({
  id: Id,
  ...personFields,
  specialties: Schema.Array(Id),
  districts: Schema.Array(Schema.String),
  isRemote: Schema.Boolean,
  isActive: Schema.Boolean
})
export type Specialist = typeof Specialist.Type

const Districts = Schema.Array(DistrictRef)
  .annotations({ message: () => "Debe ser una lista de comunas" })
  .pipe(
    Schema.maxItems(346, { message: () => "Demasiadas comunas" }),
    Schema.filter((ds) => new Set(ds).size === ds.length || "Hay comunas repetidas")
  )

export const SpecialistInput = Payload({
  ...personInputFields,
  specialties: IdList(),
  districts: Schema.optionalWith(Districts, { default: () => [] }),
  isRemote: Schema.optionalWith(Flag, { default: () => false })
}).pipe(
  Schema.filter((s) => s.specialties.length > 0 || { path: ["specialties"], message: "Indique al menos una especialidad" }),
  // Otherwise no case could ever be assigned to them.
  Schema.filter((s) => s.isRemote || s.districts.length > 0 || { path: ["districts"], message: "Indique al menos una comuna o marque atención remota" })
)
export type SpecialistInput = typeof SpecialistInput.Type

/** DOMAIN rule: a matching specialty, and the event's comuna served or remote work. */
export const canAttend = (
  specialist: Pick<Specialist, "specialties" | "districts" | "isRemote" | "isActive">,
  need: { readonly specialties: ReadonlyArray<string>; readonly district: string | null }
): boolean =>
  specialist.isActive &&
  specialist.specialties.some((s) => need.specialties.includes(s)) &&
  (specialist.isRemote || (need.district !== null && specialist.districts.includes(need.district)))
