import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { FieldService } from "./FieldService.js"

/** The `field` group of the contract: what a plan's roster can carry. */
export const FieldLive = HttpApiBuilder.group(PalmaApi, "field", (handlers) =>
  Effect.gen(function* () {
    const fields = served(yield* FieldService)
    return handlers.handle("getByProductPlanId", ({ path }) => fields.ofPlan(path.productPlan_id))
  })
).pipe(Layer.provide(FieldService.layer))
