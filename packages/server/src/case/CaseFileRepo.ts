import { randomBytes } from "node:crypto"
import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option } from "effect"

export interface StoredFile {
  readonly hash: string
  readonly contentType: string
  readonly data: Uint8Array
  readonly fileTag: string
}

export interface AttachedFile {
  readonly document_id: string
  readonly file_tag: string
  readonly hash: string
  readonly content_type: string
  readonly size: number
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** Keeps the bytes under their hash (once) and makes them the case's file for that document. */
  const attach = (input: { caseId: string; documentId: string; hash: string; contentType: string; data: Uint8Array; fileTag: string; userId: string }) =>
    Effect.gen(function* () {
      yield* sql`INSERT INTO stored_file ${sql.insert({ hash: input.hash, content_type: input.contentType, size: input.data.length, data: input.data })}
        ON CONFLICT (hash) DO NOTHING`
      yield* sql`INSERT INTO case_document ${sql.insert({ case_id: input.caseId, document_id: input.documentId, file_hash: input.hash, file_tag: input.fileTag, user_id: input.userId })}
        ON CONFLICT (case_id, document_id) DO UPDATE SET file_hash = EXCLUDED.file_hash, file_tag = EXCLUDED.file_tag, user_id = EXCLUDED.user_id, created_at = now()`
    })

  const attached = (caseId: string) =>
    sql<AttachedFile>`SELECT d.document_id::text AS document_id, d.file_tag, d.file_hash AS hash, f.content_type, f.size
      FROM case_document d JOIN stored_file f ON f.hash = d.file_hash WHERE d.case_id = ${caseId} ORDER BY d.created_at, d.document_id`

  /** The file the case holds for that document now. */
  const read = (caseId: string, documentId: string) =>
    Effect.map(
      sql<{ hash: string; content_type: string; data: Uint8Array; file_tag: string }>`SELECT f.hash, f.content_type, f.data, d.file_tag
        FROM case_document d JOIN stored_file f ON f.hash = d.file_hash WHERE d.case_id = ${caseId} AND d.document_id = ${documentId}`,
      (rows) => Option.map(Option.fromNullable(rows[0]), (r): StoredFile => ({ hash: r.hash, contentType: r.content_type, data: r.data, fileTag: r.file_tag }))
    )

  /** The secret that signs file links, made on first use; the same for every process on this database. */
  const linkKey = Effect.gen(function* () {
    yield* sql`INSERT INTO file_link_key ${sql.insert({ id: 1, secret: new Uint8Array(randomBytes(32)) })} ON CONFLICT (id) DO NOTHING`
    const [row] = yield* sql<{ secret: Uint8Array }>`SELECT secret FROM file_link_key WHERE id = 1`
    return row!.secret
  })

  return {
    attach: (input: Parameters<typeof attach>[0]) => Effect.orDie(attach(input)),
    attached: (caseId: string) => Effect.orDie(attached(caseId)),
    read: (caseId: string, documentId: string) => Effect.orDie(read(caseId, documentId)),
    linkKey: Effect.orDie(linkKey)
  }
})

/** Files attached to cases, kept by content hash in the database. */
export class CaseFileRepo extends Context.Tag("palma/CaseFileRepo")<CaseFileRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseFileRepo, make)
}
