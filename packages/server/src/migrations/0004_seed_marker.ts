import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Each seed step runs once per database, ever: an admin who renames or
 * deactivates seeded data does not see it come back on the next start.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE seed_marker (
    key text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`
})
