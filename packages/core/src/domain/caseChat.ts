import { Schema } from "effect"
import { optionalNull } from "./common.js"
import { Id, Payload, Text } from "./fields.js"
import { INVALID_ID } from "./messages.js"

/**
 * A message on a case's chat (reference §1.6), tagged with the stage the case was in. The author
 * comes from the token; the body's `user_id` and `stage_id` are not trusted. `type` is the sent
 * one when the original client sends one of its own, else the author's role.
 */
export const CaseChatMessage = Schema.Struct({
  id: Id,
  case_id: Id,
  stage_id: Schema.NullOr(Id),
  user_id: Schema.String,
  message: Schema.String,
  created_at: Schema.String,
  type: Schema.String,
  applicant_name: Schema.String,
  applicant_lastname: Schema.String,
  // Palma's: the stage's code and name, for the tag shown beside the message.
  stage_code: Schema.NullOr(Schema.String),
  stage_name: Schema.NullOr(Schema.String)
})
export type CaseChatMessage = typeof CaseChatMessage.Type

/** The kinds of author the original client sends, and draws apart (the operator's bubble only for "Operador"). */
export const chatAuthorTypes = ["Operador", "Cliente"] as const
export type ChatAuthorType = (typeof chatAuthorTypes)[number]
const isChatAuthorType = (value: unknown): value is ChatAuthorType => chatAuthorTypes.some((t) => t === value)

/**
 * A sent `type`: one of the original's kinds is kept; any other text is none (the server uses the
 * author's role). Something that is not a short text is refused, as any malformed field.
 */
const SentAuthorType = Schema.transform(
  Schema.NullOr(Schema.String.pipe(Schema.maxLength(40))).annotations({
    message: () => ({ message: "Tipo de autor inválido: Operador o Cliente", override: true })
  }),
  Schema.NullOr(Schema.Literal(...chatAuthorTypes)),
  {
    strict: true,
    decode: (input) => (isChatAuthorType(input) ? input : null),
    encode: (type) => type
  }
)

/** `POST /case/createChatMessage`: the original client sends `{case_id, stage_id, user_id, message, type}`. */
export const CaseChatInput = Payload({
  case_id: optionalNull(Id, INVALID_ID),
  message: Text(4000),
  type: Schema.optional(SentAuthorType)
})
export type CaseChatInput = typeof CaseChatInput.Type

export const CaseIdPath = Schema.Struct({ case_id: Id })
