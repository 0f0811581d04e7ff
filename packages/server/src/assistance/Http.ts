import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { AssistanceService } from "./AssistanceService.js"

/** The `assistance` group of the contract. Single rows answer an `ETag`; writes honour `If-Match`. */
export const AssistanceLive = HttpApiBuilder.group(PalmaApi, "assistance", (handlers) =>
  Effect.gen(function* () {
    const assistances = served(yield* AssistanceService)
    return handlers
      .handle("create", ({ payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => assistances.upsert(payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("updateById", ({ payload: { id, ...input } }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => assistances.update(id, input, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("deleteById", ({ path }) => Effect.flatMap(ifMatch, (precondition) => assistances.remove(path.id, precondition)))
      .handle("deleted", ({ urlParams }) => assistances.deleted(urlParams))
      .handle("restore", ({ path }) => Effect.flatMap(assistances.restore(path.id), answerVersioned))
      .handle("getAll", () => assistances.all)
      .handle("page", ({ urlParams }) => assistances.page(urlParams))
      .handle("getById", ({ path }) => Effect.flatMap(assistances.getById(path.id), answerVersioned))
      .handle("getFamilies", () => assistances.families)
      .handle("getByFamilyId", ({ path }) => assistances.byFamily(path.family_id))
      .handle("getValues", ({ path }) => assistances.values(path.id))
      .handle("getDocumentsById", ({ path }) => assistances.documents(path.id))
  })
).pipe(Layer.provide(AssistanceService.layer))
