import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { type District, type Region } from "@palma/core/domain"
import { PalmaApi } from "@palma/core/api"

/** Comunas change only with the official list, so they are read once per process. */
export const DistrictLive = HttpApiBuilder.group(PalmaApi, "district", (handlers) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const districts = yield* Effect.cached(
      sql<District>`SELECT d.id, d.name AS district_name, p.name AS province_name, r.id AS region_id,
          r.name AS region_name, r.roman_numeral AS region_roman
        FROM district d JOIN province p ON p.id = d.province_id JOIN region r ON r.id = p.region_id
        ORDER BY d.name COLLATE "C", d.id`.pipe(
        Effect.map((rows) => [...rows].sort((a, b) => a.district_name.localeCompare(b.district_name, "es-CL"))),
        Effect.orDie
      )
    )
    const regions = yield* Effect.cached(sql<Region>`SELECT id, name, roman_numeral AS "romanNumeral" FROM region ORDER BY id`.pipe(Effect.orDie))
    // Served as ready-made bytes: the list is large, read often and never changes while running.
    const districtsResponse = yield* Effect.cached(Effect.map(districts, (rows) => HttpServerResponse.unsafeJson(rows)))
    return handlers.handle("listAll", () => districtsResponse).handle("listRegions", () => regions)
  })
)
