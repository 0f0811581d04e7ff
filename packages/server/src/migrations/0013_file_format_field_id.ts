import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Each column of a file format gets its own id: the original API answers every column with one
 * (`fileFormat/getByProductPlanId` → `id`). Columns are rewritten on every replacement, so ids are too.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE file_format_field ADD COLUMN id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid()`
})
