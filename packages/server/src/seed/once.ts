import { SqlClient } from "@effect/sql"
import { Context, Effect, Option } from "effect"

/**
 * The seed steps this database had already run when the seed began, read in one query: on most
 * starts every step has run, and checking each in a transaction of its own cost a round trip apiece.
 */
export class SeededSteps extends Context.Tag("palma/SeededSteps")<SeededSteps, ReadonlySet<string>>() {}

export const seededSteps = Effect.flatMap(SqlClient.SqlClient, (sql) =>
  Effect.map(sql<{ readonly key: string }>`SELECT key FROM seed_marker`, (rows) => new Set(rows.map((row) => row.key)))
)

/** Runs a seed step in a transaction unless it already ran on this database. */
export const once = <E, R>(key: string, step: Effect.Effect<void, E, R>) =>
  Effect.gen(function* () {
    const known = yield* Effect.serviceOption(SeededSteps)
    if (Option.isSome(known) && known.value.has(key)) return
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
