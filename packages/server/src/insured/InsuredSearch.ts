import { Context, Effect, Layer } from "effect"
import type { InsuredSearchPage, PersonSearchQuery } from "@palma/core/domain"
import { PersonSearchRepo } from "../person/PersonSearchRepo.js"

const make = Effect.gen(function* () {
  const people = yield* PersonSearchRepo

  /** Titulares covered by a policy in force matching the query; `products` counts those policies. */
  const search = (query: PersonSearchQuery): Effect.Effect<InsuredSearchPage> =>
    people
      .page("insured", query)
      .pipe(Effect.map(({ found, subscriptions, pagination, data }) => ({ summary: { insured: found, products: subscriptions }, pagination, data })))

  return { search }
})

/** `insured/getByRutOrName`. */
export class InsuredSearch extends Context.Tag("palma/InsuredSearch")<InsuredSearch, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(InsuredSearch, make).pipe(Layer.provide(PersonSearchRepo.layer))
}
