import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Local-mode accounts (Clerk mode keeps users at Clerk). */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE app_user (
    id text PRIMARY KEY,
    email text NOT NULL,
    full_name text NOT NULL,
    password_hash text NOT NULL,
    role text CHECK (role IN ('user', 'moderator', 'admin')),
    created_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX app_user_email ON app_user (lower(email))`
})
