import { PgClient } from "@effect/sql-pg"
import { Effect, Option } from "effect"

/**
 * Whether the database is PostgreSQL, shared by the API processes (true), or the embedded PGlite,
 * whose one connection runs each query on the server's own thread (false): for the few pieces that
 * size their work by it. It asks only which client runs.
 */
export const isSharedDatabase: Effect.Effect<boolean> = Effect.map(Effect.serviceOption(PgClient.PgClient), Option.isSome)
