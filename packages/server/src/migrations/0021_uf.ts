import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The UF by day, in pesos with two decimals. `source` says where a value came from: the
 * configured provider, an admin, or the demo series a fresh start works with offline (never
 * taken for a real value: the answer names it).
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE uf_value (
    date date PRIMARY KEY,
    value numeric(12,2) NOT NULL CHECK (value > 0),
    source text NOT NULL CHECK (source IN ('provider', 'admin', 'demo')),
    fetched_at timestamptz NOT NULL DEFAULT now()
  )`
})
