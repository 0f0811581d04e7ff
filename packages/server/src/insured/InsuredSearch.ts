import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { InsuredSearchPage, PersonSearchQuery } from "@palma/core/domain"
import { searchPage } from "../person/search.js"

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** Titulares covered by a policy in force matching the query; `products` counts those policies. */
  const search = (query: PersonSearchQuery): Effect.Effect<InsuredSearchPage> =>
    searchPage(sql, "insured", query).pipe(
      Effect.map(({ found, subscriptions, pagination, data }) => ({ summary: { insured: found, products: subscriptions }, pagination, data }))
    )

  return { search }
})

/** `insured/getByRutOrName`. */
export class InsuredSearch extends Context.Tag("palma/InsuredSearch")<InsuredSearch, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(InsuredSearch, make)
}
