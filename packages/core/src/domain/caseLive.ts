import { Schema } from "effect"
import { liveDataDecoder } from "./liveData.js"
import { LiveResumeQuery } from "./livePosition.js"

/**
 * What `GET /case/live` pushes (server-sent events): a case changed (its new version and stage)
 * or a message was posted on its chat (`seq`: its number in the case's chat, 1, 2, …). Clients
 * re-read what they show; nothing personal travels.
 */
export const CaseNotice = Schema.Union(
  Schema.Struct({ type: Schema.Literal("case"), case_id: Schema.String, version: Schema.Number, stage_code: Schema.String }),
  Schema.Struct({ type: Schema.Literal("chat"), case_id: Schema.String, message_id: Schema.String, seq: Schema.Number })
)
export type CaseNotice = typeof CaseNotice.Type

/**
 * `?case_id=` narrows the stream to one case (the case page), which resumes where a follower
 * left it; without it, every case (the list), live only.
 */
export const CaseLiveQuery = Schema.Struct({ case_id: Schema.optional(Schema.UUID), ...LiveResumeQuery.fields })

/** A notice's `data` line as sent, or undefined when it is not one (a client ignores what it cannot read). */
export const decodeCaseNotice = liveDataDecoder(CaseNotice)
