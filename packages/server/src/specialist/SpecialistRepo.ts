import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { NearbySpecialist, ProviderAssistance, type ProviderPageQuery, ServedDistrict, Specialist, type SpecialistInput } from "@palma/core/domain"
import { providerRepo } from "../provider/ProviderRepo.js"
import { returnedId } from "../sql/returnedId.js"
import { folded } from "../sql/textSearch.js"
import { meanQualification, openAssignments } from "../case/AssignmentLoadRepo.js"

/** What the page's rows carry beyond a specialist: how many comunas they serve. */
const PageRow = Schema.Struct({ ...Specialist.fields, districtCount: Schema.Number })

/** The resolved input: comunas as CUT codes. */
export interface SpecialistWrite {
  readonly input: SpecialistInput
  readonly districtId: string | null
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** The columns as the wire reads them: the comuna's name in `district`, its code in `district_id`. */
  const columns = sql`s.id, NULL AS person_id, s.rut, s.name, s.paternal_last_name AS "paternalLastName",
    s.maternal_last_name AS "maternalLastName", to_char(s.birth_date, 'YYYY-MM-DD') AS "birthDate", s.address,
    COALESCE(d.name, '') AS district, s.district_id, s.email, s.phone, s.is_remote AS "isRemote", s.is_active AS "isActive"`
  const fullName = sql`s.name || ' ' || s.paternal_last_name || ' ' || s.maternal_last_name`
  const byName = sql`s.name, s.paternal_last_name, s.maternal_last_name, s.rut`
  const rows = providerRepo(sql, {
    kind: "specialist",
    alias: "s",
    columns,
    pageColumns: sql`${columns}, (SELECT count(*)::int FROM specialist_district sd WHERE sd.specialist_id = s.id) AS "districtCount"`,
    Row: Specialist,
    PageRow,
    name: fullName,
    byName,
    tieBreak: byName,
    sortByName: (direction) => sql`s.name ${direction}, s.paternal_last_name ${direction}, s.maternal_last_name ${direction}`,
    extraSort: { key: "isRemote", column: sql`s.is_remote` }
  })
  const serves = (districtId: string) => sql`EXISTS (SELECT 1 FROM specialist_district sd WHERE sd.specialist_id = s.id AND sd.district_id = ${districtId})`

  /**
   * Active specialists with a specialty that performs the assistance who serve the comuna or work
   * remotely, ranked for the case: fewest open cases first, then the best mean qualification.
   */
  const selection = SqlSchema.findAll({
    Request: Schema.Struct({ assistanceId: Schema.String, districtId: Schema.String }),
    Result: Specialist,
    execute: ({ assistanceId, districtId }) =>
      sql`SELECT ${columns} FROM ${rows.from}
        WHERE ${sql.and([sql`s.is_active`, rows.performs(assistanceId), sql.or([sql`s.is_remote`, serves(districtId)])])}
        ORDER BY ${openAssignments(sql, "specialist", sql`s.id`)}, ${meanQualification(sql, "specialist", sql`s.id`)} DESC NULLS LAST, ${byName}`
  })

  /** At most this many nearby specialists: enough to choose from, never the whole region. */
  const nearbyLimit = 20

  /**
   * When nobody serves the comuna: active, not remote specialists with a specialty that performs the
   * assistance who serve another comuna of its region, those of its province first, then ranked as
   * the selection is. `served` is the nearest comuna they serve (of the province when they serve one).
   */
  const nearby = SqlSchema.findAll({
    Request: Schema.Struct({ assistanceId: Schema.String, districtId: Schema.String }),
    Result: NearbySpecialist,
    execute: ({ assistanceId, districtId }) =>
      sql`WITH event AS (SELECT ed.province_id, ep.region_id FROM district ed JOIN province ep ON ep.id = ed.province_id WHERE ed.id = ${districtId})
        SELECT ${columns}, near.reach, near.served FROM ${rows.from}
        CROSS JOIN event e
        CROSS JOIN LATERAL (
          SELECT CASE WHEN nd.province_id = e.province_id THEN 'province' ELSE 'region' END AS reach, nd.name AS served
          FROM specialist_district sd JOIN district nd ON nd.id = sd.district_id JOIN province np ON np.id = nd.province_id
          WHERE sd.specialist_id = s.id AND np.region_id = e.region_id
          ORDER BY nd.province_id = e.province_id DESC, ${folded(sql, sql`nd.name`)}, nd.id
          LIMIT 1
        ) near
        WHERE ${sql.and([sql`s.is_active`, sql`NOT s.is_remote`, rows.performs(assistanceId), sql`NOT ${serves(districtId)}`])}
        ORDER BY near.reach = 'province' DESC, ${openAssignments(sql, "specialist", sql`s.id`)},
          ${meanQualification(sql, "specialist", sql`s.id`)} DESC NULLS LAST, ${byName}
        LIMIT ${nearbyLimit}`
  })

  /** The comunas a specialist serves, by name. */
  const districtsOf = SqlSchema.findAll({
    Request: Schema.String,
    Result: ServedDistrict,
    execute: (id) => sql`SELECT d.id, d.name AS district_name FROM specialist_district sd JOIN district d ON d.id = sd.district_id
      WHERE sd.specialist_id = ${id} ORDER BY ${folded(sql, sql`d.name`)}, d.id`
  })

  /** The family's active assistances that an active specialist can perform (through an active specialty). */
  const assistancesOf = SqlSchema.findAll({
    Request: Schema.String,
    Result: ProviderAssistance,
    execute: (familyId) => sql`SELECT a.id, a.name FROM assistance a
      WHERE a.family_id = ${familyId} AND a.is_active AND EXISTS (
        SELECT 1 FROM assistance_specialty asp
          JOIN specialty sp ON sp.id = asp.specialty_id AND sp.is_active
          JOIN specialist_specialty ss ON ss.specialty_id = asp.specialty_id
          JOIN specialist s ON s.id = ss.specialist_id AND s.is_active
        WHERE asp.assistance_id = a.id)
      ORDER BY a.name, a.id`
  })

  /** Palma's page, with the filters only specialists have: a comuna served, remote work. */
  const page = (query: ProviderPageQuery, districtId: string | null) =>
    rows.page(query, [
      ...(districtId !== null ? [serves(districtId)] : []),
      ...(query.remote === undefined ? [] : [query.remote ? sql`s.is_remote` : sql`NOT s.is_remote`])
    ])

  /**
   * Creates the specialist, or updates (and reactivates) the one with that RUT. As every person
   * upsert (reference §4), a blank optional field keeps what is stored.
   */
  const upsert = ({ input, districtId }: SpecialistWrite) =>
    sql`INSERT INTO specialist ${sql.insert({
      rut: input.rut,
      name: input.name,
      paternal_last_name: input.paternalLastName,
      maternal_last_name: input.maternalLastName,
      birth_date: input.birthDate,
      address: input.address,
      district_id: districtId,
      email: input.email,
      phone: input.phone,
      is_remote: input.isRemote
    })}
      ON CONFLICT (rut) DO UPDATE SET name = EXCLUDED.name, paternal_last_name = EXCLUDED.paternal_last_name,
        maternal_last_name = COALESCE(NULLIF(EXCLUDED.maternal_last_name, ''), specialist.maternal_last_name),
        birth_date = COALESCE(EXCLUDED.birth_date, specialist.birth_date),
        address = COALESCE(NULLIF(EXCLUDED.address, ''), specialist.address),
        district_id = COALESCE(EXCLUDED.district_id, specialist.district_id),
        email = COALESCE(EXCLUDED.email, specialist.email), phone = COALESCE(EXCLUDED.phone, specialist.phone),
        is_remote = EXCLUDED.is_remote, is_active = true, updated_at = now()
      RETURNING id`.pipe(Effect.flatMap(returnedId))

  /** The comunas the specialist serves become exactly `districtIds`. */
  const replaceDistricts = (id: string, districtIds: ReadonlyArray<string>) =>
    Effect.gen(function* () {
      yield* sql`DELETE FROM specialist_district WHERE specialist_id = ${id}`
      if (districtIds.length > 0) yield* sql`INSERT INTO specialist_district ${sql.insert(districtIds.map((d) => ({ specialist_id: id, district_id: d })))}`
    })

  return {
    ...rows,
    selection: (assistanceId: string, districtId: string) => selection({ assistanceId, districtId }).pipe(Effect.orDie),
    nearby: (assistanceId: string, districtId: string) => nearby({ assistanceId, districtId }).pipe(Effect.orDie),
    districtsOf: (id: string) => districtsOf(id).pipe(Effect.orDie),
    assistancesOf: (familyId: string) => assistancesOf(familyId).pipe(Effect.orDie),
    page,
    upsert: (write: SpecialistWrite) => upsert(write).pipe(Effect.orDie),
    replaceDistricts: (id: string, districtIds: ReadonlyArray<string>) => replaceDistricts(id, districtIds).pipe(Effect.orDie)
  }
})

/** Specialists in SQL: upsert by RUT, the seed's reads, the selection for a case, Palma's page. */
export class SpecialistRepo extends Context.Tag("palma/SpecialistRepo")<SpecialistRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(SpecialistRepo, make)
}
