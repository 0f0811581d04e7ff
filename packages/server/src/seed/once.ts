import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/** Runs a seed step in a transaction unless it already ran on this database. */
export const once = <E, R>(key: string, step: Effect.Effect<void, E, R>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql.withTransaction(
      Effect.gen(function* () {
        const done = yield* sql`SELECT 1 FROM seed_marker WHERE key = ${key}`
        if (done.length > 0) return
        yield* step
        yield* sql`INSERT INTO seed_marker (key) VALUES (${key})`
      })
    )
  })
