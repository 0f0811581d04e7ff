import { Schema } from "effect"
import { optionalNull } from "./common.js"
import { Id, Payload } from "./fields.js"
import { Timestamp } from "./time.js"

/**
 * A file attached to a case, optionally as one of the assistance's required documents.
 * `fileName` is shown and offered on download, never used as a storage path.
 */
export const Attachment = Schema.Struct({
  id: Id,
  case_id: Id,
  document_id: Schema.NullOr(Id),
  fileName: Schema.String,
  mime: Schema.String,
  size: Schema.Number,
  user_id: Schema.String,
  at: Timestamp
})
export type Attachment = typeof Attachment.Type

/** The form fields sent beside the file (multipart); name, type and size come from the file. */
export const AttachmentInput = Payload({ document_id: optionalNull(Id, "Documento inválido") })
export type AttachmentInput = typeof AttachmentInput.Type

export const attachmentMimes = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const
export const maxAttachmentBytes = 10 * 1024 * 1024

/** A display-safe file name: no path, no control characters, bounded. */
export const safeFileName = (name: string): string => {
  const base = name.split(/[/\\]/).pop() ?? ""
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127).join("")
  const clean = printable.trim().slice(0, 200)
  return clean === "" || clean === "." || clean === ".." ? "archivo" : clean
}
