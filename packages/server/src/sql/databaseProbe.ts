import { SqlClient } from "@effect/sql"
import { type Duration, Effect } from "effect"

/**
 * A probe of the database: whether it answers a trivial statement within `within` (false when it
 * fails or is late). Disconnected: a PGlite statement cannot be interrupted, and the asker must
 * have its answer on time anyway.
 */
export const databaseProbe = (within: Duration.DurationInput) =>
  Effect.map(SqlClient.SqlClient, (sql) =>
    sql`SELECT 1`.pipe(
      Effect.disconnect,
      Effect.timeout(within),
      Effect.as(true),
      Effect.orElseSucceed(() => false)
    )
  )
