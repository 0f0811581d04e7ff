import { HttpServerResponse } from "@effect/platform"
import { Effect, Schema } from "effect"
import { CaseView } from "@palma/core/domain"
import type { Versioned } from "../domain/version.js"
import { answerVersioned } from "../http/etag.js"

const encodeView = Schema.encode(CaseView)

/**
 * A case as its routes answer it (`getById`, `getByNumber`, `upsert`, `step`), with its version as
 * the ETag: the contract's encoding, as the platform would do it, but for the history, whose lines
 * were checked against the contract when they were derived (`historyLines`) and are put back in
 * their place as they are. A long history was most of what encoding a case cost.
 */
export const answerCase = (versioned: Versioned<CaseView>) =>
  Effect.flatMap(answerVersioned(versioned), (view) =>
    Effect.map(Effect.orDie(encodeView({ ...view, history: [] })), (encoded) =>
      // The key exists already, so the history keeps its place in the JSON.
      HttpServerResponse.unsafeJson({ ...encoded, history: view.history })
    )
  )
