import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** The people and providers that 0016 left out: their upserts were last-writer-wins. */
const versioned = ["specialist", "partner", "customer", "insured", "beneficiary"] as const

/**
 * A version per row, as 0016 gave the catalog (`ETag` / `If-Match`), bumped by the same trigger
 * function on every UPDATE, so the seed's upserts by RUT move it too.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const table of versioned) {
    yield* sql`ALTER TABLE ${sql(table)} ADD COLUMN version integer NOT NULL DEFAULT 1`
    yield* sql`CREATE TRIGGER ${sql(`${table}_version`)} BEFORE UPDATE ON ${sql(table)} FOR EACH ROW EXECUTE FUNCTION bump_row_version()`
  }
})
