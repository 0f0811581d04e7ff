import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Job tokens: a session an admin issues for an account that runs unattended (a scheduled export),
 * named, with no idle limit; `issued_by` is the admin's user id. A sign-in's session has neither.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE auth_session ADD COLUMN job_name text`
  yield* sql`ALTER TABLE auth_session ADD COLUMN issued_by text REFERENCES app_user (id)`
  yield* sql`CREATE INDEX auth_session_jobs ON auth_session (created_at) WHERE job_name IS NOT NULL AND ended_at IS NULL`
})
