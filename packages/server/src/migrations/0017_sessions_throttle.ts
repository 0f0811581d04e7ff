import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Local-mode sessions (one row per sign-in; the token's `sid`), disabled accounts, and sign-in /
 * sign-up throttling kept in the database so every API process sees the same counts.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE app_user ADD COLUMN disabled_at timestamptz`
  yield* sql`CREATE TABLE auth_session (
    id text PRIMARY KEY,
    user_id text NOT NULL REFERENCES app_user (id),
    created_at timestamptz NOT NULL,
    last_seen_at timestamptz NOT NULL,
    expires_at timestamptz NOT NULL,
    idle_expires_at timestamptz NOT NULL,
    ended_at timestamptz
  )`
  yield* sql`CREATE INDEX auth_session_user ON auth_session (user_id)`
  // key: a hash of what is counted (an account's email or a client address), never the value itself.
  yield* sql`CREATE TABLE auth_throttle (
    key text PRIMARY KEY,
    failures integer NOT NULL,
    window_started_at timestamptz NOT NULL,
    locked_until timestamptz,
    lockouts integer NOT NULL,
    last_failure_at timestamptz NOT NULL
  )`
})
