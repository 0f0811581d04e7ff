import { Schema } from "effect"
import { Payload } from "./fields.js"
import { INVALID_ID, NOT_AN_ID_LIST } from "./messages.js"

/** `POST /user/getByIds`: staff user ids (as histories and chats store them). */
export const UserIdsInput = Payload({
  ids: Schema.Array(Schema.String.pipe(Schema.maxLength(100, { message: () => INVALID_ID })))
    .annotations({ message: () => NOT_AN_ID_LIST })
    .pipe(Schema.maxItems(500, { message: () => "Demasiados identificadores (máximo 500)" }))
})
export type UserIdsInput = typeof UserIdsInput.Type

/** A staff member's name, split as the original's user objects carry it. */
export const StaffName = Schema.Struct({ id: Schema.String, first_name: Schema.String, last_name: Schema.String })
export type StaffName = typeof StaffName.Type

/** The original's envelope: unknown ids are left out; none known is `[]`, not an error. */
export const StaffNames = Schema.Struct({ success: Schema.Boolean, data: Schema.Array(StaffName) })
export type StaffNames = typeof StaffNames.Type
