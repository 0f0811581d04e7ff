import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Local mode on PostgreSQL keeps its signing key in the database, so several
 * stateless API processes (and restarts) verify each other's tokens.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE auth_signing_key (
    id integer PRIMARY KEY CHECK (id = 1),
    private_key_pem text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`
})
