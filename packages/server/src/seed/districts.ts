import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import dpa from "./chile-dpa.json" with { type: "json" }

/**
 * Chile's 16 regions, 56 provinces and 346 comunas from the official SUBDERE
 * CUT list (source noted inside chile-dpa.json). Upserted on every start so a
 * corrected name in a new release of the list reaches existing databases.
 */
export const seedDistricts = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const regions = dpa.regions.map((r) => ({ id: r.code, name: r.name, roman_numeral: r.romanNumeral }))
  const provinces = dpa.regions.flatMap((r) => r.provinces.map((p) => ({ id: p.code, region_id: r.code, name: p.name })))
  const districts = dpa.regions.flatMap((r) => r.provinces.flatMap((p) => p.comunas.map((c) => ({ id: c.code, province_id: p.code, name: c.name }))))
  yield* sql.withTransaction(
    Effect.gen(function* () {
      yield* sql`INSERT INTO region ${sql.insert(regions)}
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, roman_numeral = excluded.roman_numeral`
      yield* sql`INSERT INTO province ${sql.insert(provinces)}
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, region_id = excluded.region_id`
      yield* sql`INSERT INTO district ${sql.insert(districts)}
        ON CONFLICT (id) DO UPDATE SET name = excluded.name, province_id = excluded.province_id`
    })
  )
})
