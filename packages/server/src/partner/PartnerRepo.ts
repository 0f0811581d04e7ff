import { SqlClient, SqlSchema, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"
import { Partner, type PartnerInput, type ProviderPageQuery } from "@palma/core/domain"
import { meanQualification, openAssignments } from "../case/AssignmentLoadRepo.js"
import { pageOf, providerConditions } from "../provider/pageFilters.js"
import { returnedId } from "../sql/returnedId.js"
import { containsText } from "../sql/textSearch.js"

/** The sortable columns of the page, by the wire's names. */
const sortable = ["name", "rut", "district", "line"] as const

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** The columns as the wire reads them: the comuna's name in `district`, its code in `district_id`. */
  const columns = sql`p.id, p.rut, p.name, p.legal_representative AS legalrepresentative, p.line, p.address,
    COALESCE(d.name, '') AS district, p.district_id, p.email, p.phone, p.is_active AS "isActive"`
  const tables = sql`partner p LEFT JOIN district d ON d.id = p.district_id`

  const partners = (where: Statement.Fragment) => sql`SELECT ${columns} FROM ${tables} WHERE ${where} ORDER BY p.name, p.rut`
  const all = (where: (request: string) => Statement.Fragment) =>
    SqlSchema.findAll({ Request: Schema.String, Result: Partner, execute: (request) => partners(where(request)) })
  const one = (where: (request: string) => Statement.Fragment) =>
    SqlSchema.findOne({ Request: Schema.String, Result: Partner, execute: (request) => partners(where(request)) })

  const hasSpecialty = (condition: Statement.Fragment) =>
    sql`EXISTS (SELECT 1 FROM partner_specialty ps JOIN specialty sp ON sp.id = ps.specialty_id AND sp.is_active
      WHERE ps.partner_id = p.id AND ${condition})`

  const findById = one((id) => sql`p.id = ${id}`)
  const findByRut = one((rut) => sql`p.rut = ${rut}`)
  const findActive = SqlSchema.findAll({ Request: Schema.Void, Result: Partner, execute: () => partners(sql`p.is_active`) })
  const findBySpecialty = all((id) => sql`p.is_active AND ${hasSpecialty(sql`ps.specialty_id = ${id}`)}`)
  const findByFamily = all((id) => sql`p.is_active AND ${hasSpecialty(sql`sp.family_id = ${id}`)}`)
  /** Active partners with a specialty that performs the assistance, ranked for a case as specialists are: fewest open cases, then the best mean qualification. */
  const findByAssistance = SqlSchema.findAll({
    Request: Schema.String,
    Result: Partner,
    execute: (id) =>
      sql`SELECT ${columns} FROM ${tables}
        WHERE p.is_active AND ${hasSpecialty(sql`EXISTS (SELECT 1 FROM assistance_specialty a WHERE a.specialty_id = ps.specialty_id AND a.assistance_id = ${id})`)}
        ORDER BY ${openAssignments(sql, "alliance", sql`p.id`)}, ${meanQualification(sql, "alliance", sql`p.id`)} DESC NULLS LAST, p.name, p.rut`
  })
  const findByName = all((name) => sql`p.is_active AND ${containsText(sql, sql`p.name`, name)}`)

  const page = (query: ProviderPageQuery) =>
    Effect.gen(function* () {
      const { page, pageSize, offset } = pageOf(query)
      const where = sql.and([
        ...providerConditions(sql, query, { isActive: sql`p.is_active`, name: sql`p.name`, rut: sql`p.rut` }),
        ...(query.specialty_id ? [hasSpecialty(sql`ps.specialty_id = ${query.specialty_id}`)] : []),
        ...(query.family_id ? [hasSpecialty(sql`sp.family_id = ${query.family_id}`)] : [])
      ])
      const sort = sortable.find((s) => s === query.sort) ?? "name"
      const direction = query.order === "desc" ? sql`DESC` : sql`ASC`
      const orderBy = {
        name: sql`p.name ${direction}`,
        rut: sql`length(p.rut) ${direction}, p.rut ${direction}`,
        district: sql`COALESCE(d.name, '') ${direction}, p.name`,
        line: sql`p.line ${direction}, p.name`
      }[sort]
      const [count] = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM ${tables} WHERE ${where}`
      const items = yield* SqlSchema.findAll({
        Request: Schema.Void,
        Result: Partner,
        execute: () => sql`SELECT ${columns} FROM ${tables} WHERE ${where} ORDER BY ${orderBy}, p.id LIMIT ${pageSize} OFFSET ${offset}`
      })()
      return { items, total: count?.total ?? 0, page, pageSize }
    })

  /** Creates the partner, or updates (and reactivates) the one with that RUT: one row per RUT. */
  const upsert = (input: PartnerInput, districtId: string | null) =>
    sql`INSERT INTO partner ${sql.insert({
      rut: input.rut,
      name: input.name,
      legal_representative: input.legalrepresentative,
      line: input.line,
      address: input.address,
      district_id: districtId,
      email: input.email,
      phone: input.phone
    })}
      ON CONFLICT (rut) DO UPDATE SET name = EXCLUDED.name, legal_representative = EXCLUDED.legal_representative,
        line = EXCLUDED.line, address = EXCLUDED.address, district_id = EXCLUDED.district_id, email = EXCLUDED.email,
        phone = EXCLUDED.phone, is_active = true, updated_at = now()
      RETURNING id`.pipe(Effect.flatMap(returnedId))

  return {
    findById: (id: string): Effect.Effect<Option.Option<Partner>> => findById(id).pipe(Effect.orDie),
    findByRut: (rut: string): Effect.Effect<Option.Option<Partner>> => findByRut(rut).pipe(Effect.orDie),
    findActive: findActive().pipe(Effect.orDie),
    findBySpecialty: (id: string) => findBySpecialty(id).pipe(Effect.orDie),
    findByFamily: (id: string) => findByFamily(id).pipe(Effect.orDie),
    findByAssistance: (id: string) => findByAssistance(id).pipe(Effect.orDie),
    findByName: (name: string) => findByName(name).pipe(Effect.orDie),
    page: (query: ProviderPageQuery) => page(query).pipe(Effect.orDie),
    upsert: (input: PartnerInput, districtId: string | null) => upsert(input, districtId).pipe(Effect.orDie),
    deactivate: (id: string) => sql`UPDATE partner SET is_active = false, updated_at = now() WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie)
  }
})

/** Partners in SQL: upsert by RUT, the seed's reads of active partners, Palma's page. */
export class PartnerRepo extends Context.Tag("palma/PartnerRepo")<PartnerRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PartnerRepo, make)
}
