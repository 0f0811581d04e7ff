import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { Partner, type PartnerInput } from "@palma/core/domain"
import { meanQualification, openAssignments } from "../case/AssignmentLoadRepo.js"
import { providerRepo } from "../provider/ProviderRepo.js"
import { returnedId } from "../sql/returnedId.js"

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** The columns as the wire reads them: the comuna's name in `district`, its code in `district_id`. */
  const columns = sql`p.id, p.rut, p.name, p.legal_representative AS legalrepresentative, p.line, p.address,
    COALESCE(d.name, '') AS district, p.district_id, p.email, p.phone, p.is_active AS "isActive"`
  const rows = providerRepo(sql, {
    kind: "partner",
    alias: "p",
    columns,
    pageColumns: columns,
    Row: Partner,
    PageRow: Partner,
    name: sql`p.name`,
    byName: sql`p.name, p.rut`,
    tieBreak: sql`p.name`,
    sortByName: (direction) => sql`p.name ${direction}`,
    extraSort: { key: "line", column: sql`p.line` }
  })

  const findByFamily = rows.all((id) => sql`p.is_active AND ${rows.hasSpecialty(sql`sp.family_id = ${id}`)}`)
  /** Active partners with a specialty that performs the assistance, ranked for a case as specialists are: fewest open cases, then the best mean qualification. */
  const findByAssistance = SqlSchema.findAll({
    Request: Schema.String,
    Result: Partner,
    execute: (id) =>
      sql`SELECT ${columns} FROM ${rows.from}
        WHERE p.is_active AND ${rows.performs(id)}
        ORDER BY ${openAssignments(sql, "alliance", sql`p.id`)}, ${meanQualification(sql, "alliance", sql`p.id`)} DESC NULLS LAST, p.name, p.rut`
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
    ...rows,
    findByFamily: (id: string) => findByFamily(id).pipe(Effect.orDie),
    findByAssistance: (id: string) => findByAssistance(id).pipe(Effect.orDie),
    upsert: (input: PartnerInput, districtId: string | null) => upsert(input, districtId).pipe(Effect.orDie)
  }
})

/** Partners in SQL: upsert by RUT, the seed's reads of active partners, Palma's page. */
export class PartnerRepo extends Context.Tag("palma/PartnerRepo")<PartnerRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PartnerRepo, make)
}
