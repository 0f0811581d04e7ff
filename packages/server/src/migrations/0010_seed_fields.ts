import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Fields the seed's entities carry that Palma lacked: a value type's description, a channel's fantasy name. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE value_type ADD COLUMN description text NOT NULL DEFAULT ''`
  yield* sql`ALTER TABLE retail ADD COLUMN fantasy_name text NOT NULL DEFAULT ''`
})
