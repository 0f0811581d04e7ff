import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { InsuredSearchPage, PersonSearchQuery } from "@palma/core"
import { fullName } from "../person/columns.js"
import { personFilters, searchPage } from "../person/search.js"

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** Titulares covered by a policy in force matching the query; `products` counts those policies. */
  const search = (query: PersonSearchQuery): Effect.Effect<InsuredSearchPage> =>
    searchPage(
      sql,
      sql`SELECT i.id, i.rut, i.search_name AS sort_name, ${fullName(sql, "i")} AS name, count(*)::int AS products
        FROM insured i JOIN lead_insured li ON li.insured_id = i.id JOIN lead l ON l.id = li.lead_id AND l.end_date >= current_date
        WHERE ${sql.and([sql`true`, ...personFilters(sql, "i", query)])}
        GROUP BY i.id`,
      query
    ).pipe(
      Effect.map((result) => ({
        summary: { insured: result.found, products: result.subscriptions },
        pagination: { total: result.pages, page: result.page, records: result.records },
        data: result.data
      }))
    )

  return { search }
})

/** `insured/getByRutOrName`. */
export class InsuredSearch extends Context.Tag("palma/InsuredSearch")<InsuredSearch, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(InsuredSearch, make)
}
