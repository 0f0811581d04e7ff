import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { PalmaApi } from "@palma/core"
import { AssistanceRepo } from "./AssistanceRepo.js"

/** The `assistance` group of the contract. */
export const AssistanceLive = HttpApiBuilder.group(PalmaApi, "assistance", (handlers) =>
  Effect.gen(function* () {
    const repo = yield* AssistanceRepo
    return handlers
      .handle("create", ({ payload }) => repo.create(payload))
      .handle("updateById", ({ path, payload }) => repo.update(path.id, payload))
      .handle("deleteById", ({ path }) => repo.remove(path.id))
      .handle("getAll", () => repo.all)
      .handle("getById", ({ path }) => repo.getById(path.id))
      .handle("getFamilies", () => repo.families)
      .handle("getByFamilyId", ({ path }) => repo.byFamily(path.id))
      .handle("getDocumentsById", ({ path }) => repo.documents(path.id))
  })
)
