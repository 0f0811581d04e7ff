import { Schema } from "effect"
import { Id, Payload, Text } from "./fields.js"
import { Timestamp } from "./time.js"

/** A message on a case, tagged with the stage the case was in; author from the token. */
export const ChatMessage = Schema.Struct({
  id: Id,
  case_id: Id,
  stage_code: Schema.String,
  message: Schema.String,
  user_id: Schema.String,
  authorName: Schema.String,
  at: Timestamp
})
export type ChatMessage = typeof ChatMessage.Type

export const ChatMessageInput = Payload({ message: Text(2000) })
export type ChatMessageInput = typeof ChatMessageInput.Type
