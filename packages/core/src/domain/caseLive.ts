import { Schema } from "effect"

/**
 * What `GET /case/live` pushes (server-sent events): a case changed (its new version and stage)
 * or a message was posted on its chat. Clients re-read what they show; nothing personal travels.
 */
export const CaseNotice = Schema.Union(
  Schema.Struct({ type: Schema.Literal("case"), case_id: Schema.String, version: Schema.Number, stage_code: Schema.String }),
  Schema.Struct({ type: Schema.Literal("chat"), case_id: Schema.String, message_id: Schema.String })
)
export type CaseNotice = typeof CaseNotice.Type

/** `?case_id=` narrows the stream to one case (the case page); without it, every case (the list). */
export const CaseLiveQuery = Schema.Struct({ case_id: Schema.optional(Schema.UUID) })

/** A notice's `data` line as sent, or undefined when it is not one (a client ignores what it cannot read). */
export const decodeCaseNotice = (data: string): CaseNotice | undefined => {
  const decoded = Schema.decodeUnknownOption(Schema.parseJson(CaseNotice))(data)
  return decoded._tag === "Some" ? decoded.value : undefined
}
