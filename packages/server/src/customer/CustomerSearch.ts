import { Context, Effect, Layer } from "effect"
import type { CustomerSearchPage, PersonSearchQuery } from "@palma/core/domain"
import { PersonSearchRepo } from "../person/PersonSearchRepo.js"

const make = Effect.gen(function* () {
  const people = yield* PersonSearchRepo

  /**
   * Customers with a policy in force (not ended today) matching the query; `products` counts
   * those policies, `summary.products` their total over the whole match.
   */
  const search = (query: PersonSearchQuery): Effect.Effect<CustomerSearchPage> =>
    people
      .page("customer", query)
      .pipe(Effect.map(({ found, subscriptions, pagination, data }) => ({ summary: { customer: found, products: subscriptions }, pagination, data })))

  return { search }
})

/** `customer/getByRutOrName`. */
export class CustomerSearch extends Context.Tag("palma/CustomerSearch")<CustomerSearch, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CustomerSearch, make).pipe(Layer.provide(PersonSearchRepo.layer))
}
