import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { CustomerSearch } from "./CustomerSearch.js"

/** The `customer` group of the contract: who pays, found by RUT or name. */
export const CustomerLive = HttpApiBuilder.group(PalmaApi, "customer", (handlers) =>
  Effect.map(CustomerSearch, (customers) => handlers.handle("getByRutOrName", ({ urlParams }) => customers.search(urlParams)))
).pipe(Layer.provide(CustomerSearch.layer))
