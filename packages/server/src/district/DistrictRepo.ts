import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { type District, type Region } from "@palma/core/domain"

const make = Effect.map(SqlClient.SqlClient, (sql) => ({
  /** Every comuna's code and name. */
  names: sql<{ id: string; name: string }>`SELECT id, name FROM district`.pipe(Effect.orDie),
  /** Every comuna with its province and region, by name (byte order; the caller sorts for Spanish). */
  listed: sql<District>`SELECT d.id, d.name AS district_name, p.name AS province_name, r.id AS region_id,
      r.name AS region_name, r.roman_numeral AS region_roman
    FROM district d JOIN province p ON p.id = d.province_id JOIN region r ON r.id = p.region_id
    ORDER BY d.name COLLATE "C", d.id`.pipe(Effect.orDie),
  regions: sql<Region>`SELECT id, name, roman_numeral AS "romanNumeral" FROM region ORDER BY id`.pipe(Effect.orDie)
}))

/** SQL of Chile's official comunas and regions. */
export class DistrictRepo extends Context.Tag("palma/DistrictRepo")<DistrictRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(DistrictRepo, make)
}
