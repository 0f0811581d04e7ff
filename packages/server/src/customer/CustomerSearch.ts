import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { CustomerSearchPage, PersonSearchQuery } from "@palma/core"
import { fullName } from "../person/columns.js"
import { personFilters, searchPage } from "../person/search.js"

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /**
   * Customers with a policy in force (not ended today) matching the query; `products` counts
   * those policies, `summary.products` their total over the whole match.
   */
  const search = (query: PersonSearchQuery): Effect.Effect<CustomerSearchPage> =>
    searchPage(
      sql,
      // Counted per matching customer through the (customer, end date) index, never a join over every lead.
      sql`SELECT c.id, c.rut, c.search_name AS sort_name, ${fullName(sql, "c")} AS name, live.products
        FROM customer c
          CROSS JOIN LATERAL (SELECT count(*)::int AS products FROM lead l WHERE l.customer_id = c.id AND l.end_date >= current_date) live
        WHERE ${sql.and([sql`live.products > 0`, ...personFilters(sql, "c", query)])}`,
      query
    ).pipe(Effect.map(({ found, subscriptions, pagination, data }) => ({ summary: { customer: found, products: subscriptions }, pagination, data })))

  return { search }
})

/** `customer/getByRutOrName`. */
export class CustomerSearch extends Context.Tag("palma/CustomerSearch")<CustomerSearch, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CustomerSearch, make)
}
