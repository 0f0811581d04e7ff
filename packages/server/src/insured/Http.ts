import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core"
import { PersonWriter } from "../person/PersonWriter.js"
import { InsuredSearch } from "./InsuredSearch.js"

/** The `insured` group of the contract: titulares found by RUT or name, and upserted by RUT. */
export const InsuredLive = HttpApiBuilder.group(PalmaApi, "insured", (handlers) =>
  Effect.gen(function* () {
    const search = yield* InsuredSearch
    const people = yield* PersonWriter
    return handlers.handle("getByRutOrName", ({ urlParams }) => search.search(urlParams)).handle("upsert", ({ payload }) => people.upsertInsured(payload))
  })
).pipe(Layer.provide([InsuredSearch.layer, PersonWriter.layer]))
