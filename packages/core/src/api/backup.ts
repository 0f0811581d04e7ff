import { HttpApiEndpoint, HttpApiGroup, HttpApiSchema } from "@effect/platform"
import { Conflict } from "./errors.js"
import { Admin } from "./security.js"

export const BACKUP_CONTENT_TYPE = "application/gzip"

/** A copy of the embedded database: its data dir as a gzipped tar, streamed while it is compressed. */
export const BackupArchive = HttpApiSchema.Uint8Array({ contentType: BACKUP_CONTENT_TYPE })

/**
 * Backups of the embedded database (admins): Palma's own route, the seed had none. On PostgreSQL
 * the answer is 409: the server works, but its database is backed up with PostgreSQL's tools.
 */
export const BackupApi = HttpApiGroup.make("backup").add(
  HttpApiEndpoint.get("database", "/backup").addSuccess(BackupArchive).addError(Conflict).middleware(Admin)
)
