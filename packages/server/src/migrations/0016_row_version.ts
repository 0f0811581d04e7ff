import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Every table whose rows a client can update or delete (deactivate). */
const versioned = [
  "family",
  "specialty",
  "document",
  "value_type",
  "value",
  "stage",
  "relationship",
  "qualification",
  "procedure",
  "assistance",
  "product",
  "product_plan",
  "retail",
  "file_format"
] as const

/**
 * A version per row for optimistic concurrency (`ETag` / `If-Match`). A counter, not `updated_at`:
 * `now()` is the transaction's start, so two writes can share a timestamp, and clocks of several
 * API processes need not agree. A trigger bumps it on every UPDATE, so no write path can forget to.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE FUNCTION bump_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.version := OLD.version + 1;
      RETURN NEW;
    END
  $$`
  for (const table of versioned) {
    yield* sql`ALTER TABLE ${sql(table)} ADD COLUMN version integer NOT NULL DEFAULT 1`
    yield* sql`CREATE TRIGGER ${sql(`${table}_version`)} BEFORE UPDATE ON ${sql(table)} FOR EACH ROW EXECUTE FUNCTION bump_row_version()`
  }
})
