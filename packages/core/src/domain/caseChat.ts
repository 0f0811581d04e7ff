import { Schema } from "effect"
import { optionalNull } from "./common.js"
import { Id, Payload, Text } from "./fields.js"

/**
 * A message on a case's chat (reference §1.6), tagged with the stage the case was in. The author
 * and their role come from the token; the body's `user_id`, `stage_id` and `type` are not trusted.
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

/** `POST /case/createChatMessage`: the original client sends `{case_id, stage_id, user_id, message, type}`. */
export const CaseChatInput = Payload({ case_id: optionalNull(Id, "Identificador inválido"), message: Text(4000) })
export type CaseChatInput = typeof CaseChatInput.Type

export const CaseIdPath = Schema.Struct({ case_id: Id })
