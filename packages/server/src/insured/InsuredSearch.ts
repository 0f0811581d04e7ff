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
      // Counted per matching titular through the indexes (a nested loop): joining first would read
      // every link to a subscription for a common name.
      sql`SELECT i.id, i.rut, i.search_name AS sort_name, ${fullName(sql, "i")} AS name, live.products
        FROM insured i
          CROSS JOIN LATERAL (SELECT count(*)::int AS products FROM lead_insured li JOIN lead l ON l.id = li.lead_id
            WHERE li.insured_id = i.id AND l.end_date >= current_date) live
        WHERE ${sql.and([sql`live.products > 0`, ...personFilters(sql, "i", query)])}`,
      query
    ).pipe(Effect.map(({ found, subscriptions, pagination, data }) => ({ summary: { insured: found, products: subscriptions }, pagination, data })))

  return { search }
})

/** `insured/getByRutOrName`. */
export class InsuredSearch extends Context.Tag("palma/InsuredSearch")<InsuredSearch, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(InsuredSearch, make)
}
