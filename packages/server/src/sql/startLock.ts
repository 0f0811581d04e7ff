import { SqlClient, type SqlError } from "@effect/sql"
import { Deferred, Effect, Fiber } from "effect"

/** The advisory lock's key: any fixed number no other lock of Palma's uses. */
const START_LOCK = 7_270_301

/**
 * Runs `start` (migrating and seeding) while this process holds the database's start lock, when
 * other processes may share the database (PostgreSQL): processes started together take turns, so
 * the first migrates and seeds and the others find it done. Without it each created the
 * migrations table and seeded at once, and all but one failed to start. The lock is held by a
 * transaction of its own that waits until `start` ends: the Migrator cannot run inside an outer
 * transaction (its probe for the migrations table fails, which aborts that transaction).
 */
export const oneStartAtATime = <A, E, R>(start: Effect.Effect<A, E, R>, shared: boolean) =>
  shared
    ? Effect.flatMap(SqlClient.SqlClient, (sql) =>
        Effect.scoped(
          Effect.gen(function* () {
            const locked = yield* Deferred.make<void, SqlError.SqlError>()
            const done = yield* Deferred.make<void>()
            const hold = sql.withTransaction(
              Effect.zipRight(sql`SELECT pg_advisory_xact_lock(${START_LOCK})`, Effect.zipRight(Deferred.succeed(locked, undefined), Deferred.await(done)))
            )
            const holder = yield* Effect.forkScoped(Effect.tapError(hold, (error) => Deferred.fail(locked, error)))
            yield* Effect.orDie(Deferred.await(locked))
            const result = yield* Effect.ensuring(start, Deferred.succeed(done, undefined))
            yield* Effect.orDie(Fiber.join(holder))
            return result
          })
        )
      )
    : start
