import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer, Stream } from "effect"
import { resumeAt } from "@palma/core/domain"
import { CurrentUser, PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { ifMatch } from "../http/etag.js"
import { eventStreamResponse, positioned, type ServerSentEvent } from "../http/eventStream.js"
import { answerCase } from "./caseAnswer.js"
import { CaseChatService } from "./CaseChatService.js"
import { CaseDocumentService } from "./CaseDocumentService.js"
import { CaseFeed } from "./CaseFeed.js"
import type { StoredFile } from "./CaseFileRepo.js"
import { readCaseDocumentUpload } from "./documentUpload.js"
import { type CaseLiveEvent, CaseLiveService } from "./CaseLiveService.js"
import { CaseService } from "./CaseService.js"
import { CaseVerifyService } from "./CaseVerifyService.js"
import { SavedViewService } from "./SavedViewService.js"

/** A stored file, inline under the name it was uploaded with; nosniff and no active content, whatever it claims to be. */
const fileResponse = (file: StoredFile) =>
  HttpServerResponse.uint8Array(file.data, {
    contentType: file.contentType,
    headers: {
      "content-disposition": `inline; filename*=UTF-8''${encodeURIComponent(file.fileTag)}`,
      "cache-control": "private, no-store",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox"
    }
  })

/**
 * A case's live event as sent: its start (`event: position`, so even a follower that got nothing
 * else knows where to resume), then `event: case|chat`, each with its position as `id:`.
 */
const caseEvent = (event: CaseLiveEvent): ServerSentEvent =>
  event.type === "position"
    ? { event: "position", data: { version: event.position[0], chat: event.position[1] }, position: event.position }
    : positioned(event.sent.event.type, event.sent)

/** The `case` group of the contract: assistance cases. */
export const CaseLive = HttpApiBuilder.group(PalmaApi, "case", (handlers) =>
  Effect.map(
    Effect.all([
      Effect.map(CaseService, served),
      Effect.map(CaseChatService, served),
      Effect.map(CaseDocumentService, served),
      CaseFeed,
      Effect.map(CaseLiveService, served),
      Effect.map(SavedViewService, served),
      CaseVerifyService
    ]),
    ([cases, chat, documents, feed, live, views, verifier]) =>
      handlers
        .handle("getAll", ({ urlParams }) => Effect.flatMap(CurrentUser, (actor) => cases.list(urlParams, actor)))
        .handle("getById", ({ path }) => Effect.flatMap(cases.getById(path.id), answerCase))
        .handle("getByNumber", ({ path }) => Effect.flatMap(cases.getByNumber(path.number), answerCase))
        .handle("upsert", ({ payload }) =>
          Effect.gen(function* () {
            const actor = yield* CurrentUser
            const precondition = yield* ifMatch
            return yield* Effect.flatMap(cases.upsert(payload, actor, precondition), answerCase)
          })
        )
        .handle("step", ({ path, payload }) =>
          Effect.gen(function* () {
            const actor = yield* CurrentUser
            const precondition = yield* ifMatch
            return yield* Effect.flatMap(cases.step(path.case_id, payload, actor, precondition), answerCase)
          })
        )
        .handle("verify", ({ payload }) => verifier.verify(payload))
        .handle("views", () => Effect.flatMap(CurrentUser, views.list))
        .handle("saveView", ({ payload }) => Effect.flatMap(CurrentUser, (actor) => views.save(payload, actor)))
        .handle("deleteView", ({ path }) => Effect.flatMap(CurrentUser, (actor) => views.remove(path.id, actor)))
        .handle("getOrigins", () => cases.origins)
        .handle("getStatus", () => cases.statuses)
        .handle("getChatByCase", ({ path }) => chat.byCase(path.case_id))
        .handle("createChatMessage", ({ payload }) => Effect.flatMap(CurrentUser, (actor) => chat.post(payload, actor)))
        // The platform leaves the body unread (a multipart *stream* payload); it is read whole and parsed strictly here.
        .handle("uploadDocument", ({ request }) =>
          Effect.gen(function* () {
            const upload = yield* readCaseDocumentUpload(request)
            return yield* documents.upload(upload, yield* CurrentUser)
          })
        )
        .handle("getAttachById", ({ path }) => documents.links(path.case_id))
        .handle("file", ({ path }) => Effect.map(documents.open(path.token), fileResponse))
        .handle("live", ({ urlParams, headers }) =>
          urlParams.case_id === undefined
            ? Effect.succeed(eventStreamResponse(feed.notices.pipe(Stream.map((notice): ServerSentEvent => ({ event: notice.type, data: notice })))))
            : Effect.map(live.follow(urlParams.case_id, resumeAt(headers, urlParams)), (events) => eventStreamResponse(events.pipe(Stream.map(caseEvent))))
        )
  )
).pipe(
  Layer.provide([
    CaseService.layer,
    CaseChatService.layer,
    CaseDocumentService.layer,
    CaseFeed.layer,
    CaseLiveService.layer,
    SavedViewService.layer,
    CaseVerifyService.layer
  ])
)
