import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { Districts } from "./Districts.js"

/** The `district` group: Chile's official comunas and regions. */
export const DistrictLive = HttpApiBuilder.group(PalmaApi, "district", (handlers) =>
  Effect.gen(function* () {
    const districts = yield* Districts
    // Served as ready-made bytes: the list is large, read often and never changes while running.
    const districtsResponse = yield* Effect.cached(Effect.map(districts.all, (rows) => HttpServerResponse.unsafeJson(rows)))
    return handlers.handle("listAll", () => districtsResponse).handle("listRegions", () => districts.regions)
  })
).pipe(Layer.provide(Districts.layer))
