import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core"
import { AssistanceService } from "./AssistanceService.js"

/** The `assistance` group of the contract. */
export const AssistanceLive = HttpApiBuilder.group(PalmaApi, "assistance", (handlers) =>
  Effect.gen(function* () {
    const assistances = yield* AssistanceService
    return handlers
      .handle("create", ({ payload }) => assistances.upsert(payload))
      .handle("updateById", ({ payload: { id, ...input } }) => assistances.update(id, input))
      .handle("deleteById", ({ path }) => assistances.remove(path.id))
      .handle("getAll", () => assistances.all)
      .handle("page", ({ urlParams }) => assistances.page(urlParams))
      .handle("getById", ({ path }) => assistances.getById(path.id))
      .handle("getFamilies", () => assistances.families)
      .handle("getByFamilyId", ({ path }) => assistances.byFamily(path.family_id))
      .handle("getValues", ({ path }) => assistances.values(path.id))
      .handle("getDocumentsById", ({ path }) => assistances.documents(path.id))
  })
).pipe(Layer.provide(AssistanceService.layer))
