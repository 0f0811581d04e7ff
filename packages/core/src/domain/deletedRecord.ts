import { Schema } from "effect"
import { Id } from "./fields.js"

/** A deleted (inactive) catalog record as an admin picks it to restore: what it was called and when it went. */
export const DeletedRecord = Schema.Struct({ id: Id, name: Schema.String, deletedAt: Schema.String })
export type DeletedRecord = typeof DeletedRecord.Type
