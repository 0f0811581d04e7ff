import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core"
import { PlanFields } from "./PlanFields.js"

export const FieldLive = HttpApiBuilder.group(PalmaApi, "field", (handlers) =>
  Effect.gen(function* () {
    const fields = yield* PlanFields
    return handlers.handle("getByProductPlanId", ({ path }) => fields.ofPlan(path.productPlan_id))
  })
).pipe(Layer.provide(PlanFields.layer))
