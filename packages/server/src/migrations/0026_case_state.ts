import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A case's fold (`state`, ~1.4 KB of JSON) moves out of `assistance_case` into a table of its own.
 * Under PostgreSQL's 2 KB TOAST threshold it stayed inline, so every list page and its count
 * read the whole fold of every case they scanned: 100k cases were 174 MB of projection, 27 MB
 * without it. Only opening or writing one case reads `case_state`, by its key.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE case_state (
    case_id uuid PRIMARY KEY REFERENCES assistance_case (id),
    state jsonb NOT NULL
  )`
  yield* sql`INSERT INTO case_state (case_id, state) SELECT id, state FROM assistance_case`
  yield* sql`ALTER TABLE assistance_case DROP COLUMN state`
})
