import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { PersonWriter } from "../person/PersonWriter.js"
import { InsuredSearch } from "./InsuredSearch.js"
import { InsuredSubscriptions } from "./InsuredSubscriptions.js"

/** The `insured` group of the contract: titulares found by RUT or name, upserted by RUT, and what covers them. */
export const InsuredLive = HttpApiBuilder.group(PalmaApi, "insured", (handlers) =>
  Effect.gen(function* () {
    const search = yield* InsuredSearch
    const people = served(yield* PersonWriter)
    const covering = served(yield* InsuredSubscriptions)
    return handlers
      .handle("getByRutOrName", ({ urlParams }) => search.search(urlParams))
      .handle("upsert", ({ payload }) => people.upsertInsured(payload))
      .handle("getById", ({ path }) => Effect.flatMap(people.getInsured(path.id), answerVersioned))
      .handle("update", ({ path, payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => people.updateInsured(path.id, payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("subscriptions", ({ path }) => covering.of(path.id))
  })
).pipe(Layer.provide([InsuredSearch.layer, PersonWriter.layer, InsuredSubscriptions.layer]))
