import { ParseResult, Schema } from "effect"
import { DistrictRef, isUnique } from "./common.js"
import { Id, Typeable } from "./fields.js"
import { PageQuery } from "./page.js"
import { INVALID_DISTRICT_REF, NO_SPECIALTY, SEARCH_TOO_LONG } from "./messages.js"

/**
 * What specialists and partners (the providers who resolve cases) share: their specialties as
 * the original answers them, the pickers' rows, the way the original client names specialties and
 * comunas in a body, and the query of Palma's paged lists.
 */

/** A specialty of a provider, and a row of the seed's `getFamilies` (a specialty with its family). */
export const ProviderSpecialty = Schema.Struct({ id: Id, name: Schema.String, family_id: Id, family_name: Schema.String })
export type ProviderSpecialty = typeof ProviderSpecialty.Type

/**
 * Where a provider is and how to reach them, as every provider row answers it (after the kind's own
 * fields): `district` is the comuna's name ("" without one) and `district_id` its CUT code.
 */
export const providerContactFields = {
  address: Schema.String,
  district: Schema.String,
  district_id: Schema.NullOr(Schema.String),
  email: Schema.NullOr(Schema.String),
  phone: Schema.NullOr(Schema.String)
}

/** A provider's row with its specialties: one provider as `getById`, `getByRut` and `create` answer it, and more fields when the kind has them. */
export const withSpecialties = <Fields extends Schema.Struct.Fields, More extends Schema.Struct.Fields = Record<never, never>>(
  row: Schema.Struct<Fields>,
  more?: More
) => Schema.Struct({ ...row.fields, specialties: Schema.Array(ProviderSpecialty), ...(more ?? ({} as More)) })

/** A provider's body names one specialty at least (400 on the field). */
export const requireSpecialty = <A extends { readonly specialties: ReadonlyArray<string> }, I, R>(schema: Schema.Schema<A, I, R>) =>
  schema.pipe(Schema.filter((p) => p.specialties.length > 0 || { path: ["specialties"], message: NO_SPECIALTY }))

/** An assistance (service) a provider can perform: `specialist/getAssistances`. */
export const ProviderAssistance = Schema.Struct({ id: Id, name: Schema.String })
export type ProviderAssistance = typeof ProviderAssistance.Type

/** A provider's specialty that performs an assistance, as the case screens read it. */
export const SpecialtyOfAssistance = Schema.Struct({ specialty_id: Id, specialty_name: Schema.String })
export type SpecialtyOfAssistance = typeof SpecialtyOfAssistance.Type

/** A comuna a specialist serves, as the original answers it (CUT code in `id`). */
export const ServedDistrict = Schema.Struct({ id: Schema.String, district_name: Schema.String })
export type ServedDistrict = typeof ServedDistrict.Type

/** A specialty named by its id, or by a row that has one (the original client posts the rows it read). */
const SpecialtyRef = Schema.transformOrFail(Schema.Union(Schema.String, Schema.Struct({ id: Schema.String })), Id, {
  strict: true,
  decode: (input) => ParseResult.succeed(typeof input === "string" ? input : input.id),
  encode: ParseResult.succeed
}).annotations({ message: () => ({ message: "Especialidad inválida", override: true }) })

/** The specialties of a provider: at least one, none twice. */
export const SpecialtyRefs = Schema.Array(SpecialtyRef)
  .annotations({ message: () => "Debe ser una lista de especialidades" })
  .pipe(
    Schema.maxItems(100, { message: () => "Debe tener como máximo 100 especialidades" }),
    Schema.filter((ids) => isUnique(ids) || "Hay especialidades repetidas")
  )

/**
 * A comuna served: its CUT code or name, alone or in a row (`{id, district_name}` as the original
 * client adds them; the name stands in when the id is blank).
 */
const ServedRef = Schema.transformOrFail(
  Schema.Union(Schema.String, Schema.Struct({ id: Schema.optional(Schema.String), district_name: Schema.optional(Schema.String) })),
  DistrictRef,
  {
    strict: true,
    decode: (input, _, ast) => {
      if (typeof input === "string") return ParseResult.succeed(input)
      const ref = input.id?.trim() ? input.id : input.district_name
      return ref === undefined ? ParseResult.fail(new ParseResult.Type(ast, input, INVALID_DISTRICT_REF)) : ParseResult.succeed(ref)
    },
    encode: ParseResult.succeed
  }
).annotations({ message: () => ({ message: INVALID_DISTRICT_REF, override: true }) })

/** The comunas a specialist serves, none twice (compared as given; the server compares codes). */
export const ServedRefs = Schema.Array(ServedRef)
  .annotations({ message: () => "Debe ser una lista de comunas" })
  .pipe(
    Schema.maxItems(346, { message: () => "Demasiadas comunas" }),
    Schema.filter((ds) => isUnique(ds) || "Hay comunas repetidas")
  )

const BooleanText = (message: string) =>
  Schema.transformOrFail(Schema.String.annotations({ message: () => message }), Schema.Boolean, {
    strict: true,
    decode: (s, _, ast) =>
      s === "true" ? ParseResult.succeed(true) : s === "false" ? ParseResult.succeed(false) : ParseResult.fail(new ParseResult.Type(ast, s, message)),
    encode: (b) => ParseResult.succeed(b ? "true" : "false")
  })

/**
 * Palma's paged list of specialists or partners: the masters' paging and search (name or RUT,
 * accents and case ignored) plus filters. `active` defaults to the active ones; `all` lists every
 * record, so a deleted one can be found and restored. `district` and `remote` apply to specialists.
 */
export const ProviderPageQuery = Schema.Struct({
  search: PageQuery.fields.search,
  sort: PageQuery.fields.sort,
  order: PageQuery.fields.order,
  page: PageQuery.fields.page,
  pageSize: PageQuery.fields.pageSize,
  specialty_id: Schema.optional(Schema.UUID.annotations({ message: () => "Especialidad inválida" })),
  family_id: Schema.optional(Schema.UUID.annotations({ message: () => "Familia inválida" })),
  district: Schema.optional(DistrictRef),
  remote: Schema.optional(BooleanText("Atención remota: debe ser true o false")),
  active: Schema.optional(Schema.Literal("true", "false", "all").annotations({ message: () => "Estado: debe ser true, false o all" }))
})
export type ProviderPageQuery = typeof ProviderPageQuery.Type

/** A name searched in a path (`getByName/:name`): typed text, bounded. */
export const NamePath = Schema.Struct({
  name: Typeable.pipe(Schema.minLength(1, { message: () => "Indique un nombre" }), Schema.maxLength(100, { message: () => SEARCH_TOO_LONG }))
})
