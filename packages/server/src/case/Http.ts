import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { CurrentUser, PalmaApi } from "@palma/core"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { CaseChatService } from "./CaseChatService.js"
import { CaseService } from "./CaseService.js"

/** The `case` group of the contract: assistance cases. */
export const CaseLive = HttpApiBuilder.group(PalmaApi, "case", (handlers) =>
  Effect.map(Effect.all([CaseService, CaseChatService]), ([cases, chat]) =>
    handlers
      .handle("getAll", ({ urlParams }) => cases.list(urlParams))
      .handle("getById", ({ path }) => Effect.flatMap(cases.getById(path.id), answerVersioned))
      .handle("getByNumber", ({ path }) => Effect.flatMap(cases.getByNumber(path.number), answerVersioned))
      .handle("upsert", ({ payload }) =>
        Effect.gen(function* () {
          const actor = yield* CurrentUser
          const precondition = yield* ifMatch
          return yield* Effect.flatMap(cases.upsert(payload, actor, precondition), answerVersioned)
        })
      )
      .handle("getOrigins", () => cases.origins)
      .handle("getStatus", () => cases.statuses)
      .handle("getChatByCase", ({ path }) => chat.byCase(path.case_id))
      .handle("createChatMessage", ({ payload }) => Effect.flatMap(CurrentUser, (actor) => chat.post(payload, actor)))
  )
).pipe(Layer.provide([CaseService.layer, CaseChatService.layer]))
