import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * What each roster row changes for a person already in Palma (column, stored value, the file's),
 * recorded when the file is read: the review shows it before anything is written, and it stays
 * after the load, when what was stored before is gone.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE bulk_load_row ADD COLUMN changes jsonb NOT NULL DEFAULT '[]'`
})
