import { HttpApiBuilder } from "@effect/platform"
import { Effect } from "effect"
import { PalmaApi } from "@palma/core"
import { AssistanceRepo } from "./AssistanceRepo.js"

/** The `assistance` group of the contract. */
export const AssistanceLive = HttpApiBuilder.group(PalmaApi, "assistance", (handlers) =>
  Effect.gen(function* () {
    const repo = yield* AssistanceRepo
    return (
      handlers
        // The seed's create is an upsert: the id of an assistance in the body updates it.
        .handle("create", ({ payload: { id, ...input } }) => (id === undefined ? repo.create(input) : repo.update(id, input)))
        .handle("updateById", ({ payload: { id, ...input } }) => repo.update(id, input))
        .handle("deleteById", ({ path }) => repo.remove(path.id))
        .handle("getAll", () => repo.all)
        .handle("getById", ({ path }) => repo.getById(path.id))
        .handle("getFamilies", () => repo.families)
        .handle("getByFamilyId", ({ path }) => repo.byFamily(path.family_id))
        .handle("getValues", ({ path }) => repo.values(path.id))
        .handle("getDocumentsById", ({ path }) => repo.documents(path.id))
    )
  })
)
