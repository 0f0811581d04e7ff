import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Files attached to cases, stored in the database by the SHA-256 of their bytes (never by the
 * uploaded name, which is kept only to show), so any API process serves them and the same file
 * twice is stored once. One file per case and required document: uploading again replaces it.
 * `file_link_key` signs the short-lived links to them; shared through the database so a link
 * made by one process opens on another.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE stored_file (
    hash text PRIMARY KEY CHECK (hash ~ '^[0-9a-f]{64}$'),
    content_type text NOT NULL,
    size integer NOT NULL CHECK (size > 0),
    data bytea NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE TABLE case_document (
    case_id uuid NOT NULL REFERENCES assistance_case (id),
    document_id uuid NOT NULL REFERENCES document (id),
    file_hash text NOT NULL REFERENCES stored_file (hash),
    file_tag text NOT NULL,
    user_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (case_id, document_id)
  )`
  yield* sql`CREATE TABLE file_link_key (
    id integer PRIMARY KEY CHECK (id = 1),
    secret bytea NOT NULL
  )`
})
