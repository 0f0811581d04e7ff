import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A local session's refresh secret, stored as its SHA-256 only: refreshing no longer needs an
 * unexpired access token, so a sleeping tab or a CLI login outlives the 60 s token. Sessions
 * started before this migration have none and end at their next refresh.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE auth_session ADD COLUMN refresh_hash text`
})
