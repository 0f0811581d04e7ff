import { HttpApiSchema, Multipart } from "@effect/platform"
import { Schema } from "effect"
import { Id } from "./fields.js"

/** The one other path that takes multipart/form-data (see the server's jsonOnly): a case's document. */
export const CASE_DOCUMENT_UPLOAD_PATH = "/api/case/uploadDocument"

/** A case document's file: PDF or an image, up to 10 MB, recognised by its bytes. */
export const CASE_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024
/** A case document over that limit, whether the form reader or the body limit sees it first. */
export const CASE_DOCUMENT_TOO_LARGE = "El archivo es demasiado grande: el máximo es 10 MB"
export const caseDocumentTypes = ["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"] as const
export type CaseDocumentType = (typeof caseDocumentTypes)[number]

/**
 * `POST /case/uploadDocument`: `case_id`, `document_id` and the file in `files`, as the original
 * client's FormData. Declared as a stream so the handler reads it within its limit.
 */
export const CaseDocumentUpload = HttpApiSchema.MultipartStream(Schema.Struct({ case_id: Id, document_id: Id, files: Multipart.FileSchema }))

/** The original's answer to an upload. */
export const UploadResult = Schema.Struct({ success: Schema.Boolean, data: Schema.Null, error: Schema.NullOr(Schema.String) })

/** `GET /case/getAttachById/:case_id/:casestage_id`: the second segment is ignored (the original client sends a stage code). */
export const AttachmentPath = Schema.Struct({ case_id: Id, casestage_id: Schema.String })

/** A case's document as listed: `viewLink` is a short-lived signed Palma link to its bytes, absolute (from the server's public URL). */
export const CaseAttachmentLink = Schema.Struct({
  document_id: Id,
  viewLink: Schema.String,
  file_tag: Schema.String,
  // Palma's: what the file is, to preview it.
  content_type: Schema.String,
  size: Schema.Number
})
export type CaseAttachmentLink = typeof CaseAttachmentLink.Type

export const FileLinkPath = Schema.Struct({ token: Schema.String.pipe(Schema.maxLength(1000)) })

/** A stored file's bytes, served with the type detected at upload. */
export const StoredFileBytes = HttpApiSchema.Uint8Array({ contentType: "application/octet-stream" })

/** A display-safe file name: no path, no control characters, bounded. Shown and offered on download, never a storage path. */
export const safeFileName = (name: string): string => {
  const base = name.split(/[/\\]/).pop() ?? ""
  const printable = [...base].filter((ch) => ch.charCodeAt(0) >= 32 && ch.charCodeAt(0) !== 127 && !/[\u202A-\u202E\u2066-\u2069]/u.test(ch)).join("")
  const clean = printable.trim().slice(0, 200)
  return clean === "" || clean === "." || clean === ".." ? "archivo" : clean
}
