import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Rows per INSERT: one JSON parameter each, a few MB at most. */
const CHUNK = 10_000

/**
 * Writes generated rows into `table`, each chunk as ONE `INSERT … SELECT` from a JSON parameter:
 * the database unpacks the rows instead of binding thousands of parameters per statement.
 * JSON columns take objects, not their text.
 */
export const insertRows = (table: string, rows: ReadonlyArray<Record<string, unknown>>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    for (let start = 0; start < rows.length; start += CHUNK) {
      const chunk = rows.slice(start, start + CHUNK)
      const columns = sql.csv(Object.keys(chunk[0] ?? {}).map((column) => sql`${sql(column)}`))
      yield* sql`INSERT INTO ${sql(table)} (${columns})
        SELECT ${columns} FROM json_populate_recordset(NULL::${sql(table)}, ${JSON.stringify(chunk)}::json)`
    }
  })
