import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import type { ThrottleState } from "./ThrottlePolicy.js"

const Row = Schema.Struct({
  key: Schema.String,
  count: Schema.Number,
  windowStartedAt: Schema.DateFromSelf,
  lockedUntil: Schema.NullOr(Schema.DateFromSelf),
  lockouts: Schema.Number,
  lastCountedAt: Schema.DateFromSelf
})
type Row = typeof Row.Type

const stateOf = (row: Row): ThrottleState => ({
  count: row.count,
  windowStartedAt: row.windowStartedAt.getTime(),
  lockedUntil: row.lockedUntil === null ? null : row.lockedUntil.getTime(),
  lockouts: row.lockouts,
  lastCountedAt: row.lastCountedAt.getTime()
})

const rowOf = (key: string, state: ThrottleState): Row => ({
  key,
  count: state.count,
  windowStartedAt: new Date(state.windowStartedAt),
  lockedUntil: state.lockedUntil === null ? null : new Date(state.lockedUntil),
  lockouts: state.lockouts,
  lastCountedAt: new Date(state.lastCountedAt)
})

/** Throttle counters in the database, so every API process counts the same attempts. */
const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** The counters of `keys`, each row locked until the transaction ends (in key order: no deadlock). */
  const lockRows = SqlSchema.findAll({
    Request: Schema.Array(Schema.String),
    Result: Row,
    execute: (keys) =>
      sql`SELECT key, failures AS count, window_started_at AS "windowStartedAt", locked_until AS "lockedUntil", lockouts,
            last_failure_at AS "lastCountedAt"
          FROM auth_throttle WHERE ${sql.in("key", keys)} ORDER BY key FOR UPDATE`
  })

  const ensureRows = SqlSchema.void({
    Request: Schema.Struct({ keys: Schema.Array(Schema.String), at: Schema.DateFromSelf }),
    execute: ({ keys, at }) =>
      sql`INSERT INTO auth_throttle ${sql.insert(
        keys.map((key) => ({ key, failures: 0, window_started_at: at, locked_until: null, lockouts: 0, last_failure_at: new Date(0) }))
      )} ON CONFLICT (key) DO NOTHING`
  })

  const save = SqlSchema.void({
    Request: Row,
    execute: (row) =>
      sql`UPDATE auth_throttle SET failures = ${row.count}, window_started_at = ${row.windowStartedAt}, locked_until = ${row.lockedUntil},
            lockouts = ${row.lockouts}, last_failure_at = ${row.lastCountedAt}
          WHERE key = ${row.key}`
  })

  /** When each of `keys` that is locked stays locked. */
  const locks = SqlSchema.findAll({
    Request: Schema.Array(Schema.String),
    Result: Schema.Struct({ lockedUntil: Schema.DateFromSelf }),
    execute: (keys) => sql`SELECT locked_until AS "lockedUntil" FROM auth_throttle WHERE ${sql.in("key", keys)} AND locked_until IS NOT NULL`
  })

  const remove = SqlSchema.void({ Request: Schema.String, execute: (key) => sql`DELETE FROM auth_throttle WHERE key = ${key}` })

  /** Counters nobody touched since `before` and not locked any more: they hold nothing to remember. */
  const forgetOlder = SqlSchema.void({
    Request: Schema.DateFromSelf,
    execute: (before) => sql`DELETE FROM auth_throttle WHERE last_failure_at < ${before} AND (locked_until IS NULL OR locked_until < ${before})`
  })

  return {
    /**
     * Runs `decide` on the current counters of `keys` (absent ones as undefined), in one transaction
     * with their rows locked, and stores the states it returns.
     */
    update: <A>(
      keys: ReadonlyArray<string>,
      at: Date,
      decide: (states: ReadonlyMap<string, ThrottleState>) => { readonly result: A; readonly next: ReadonlyMap<string, ThrottleState> }
    ): Effect.Effect<A> =>
      Effect.orDie(
        sql.withTransaction(
          Effect.gen(function* () {
            yield* ensureRows({ keys, at })
            const rows = yield* lockRows(keys)
            // A placeholder row (never counted) stands for "no counter yet".
            const states = new Map(rows.filter((row) => row.lastCountedAt.getTime() > 0).map((row) => [row.key, stateOf(row)] as const))
            const { result, next } = decide(states)
            for (const [key, state] of next) yield* save(rowOf(key, state))
            return result
          })
        )
      ),
    /** The latest `lockedUntil` among `keys` (epoch ms), 0 when none is locked; no row is locked. */
    lockedUntil: (keys: ReadonlyArray<string>) => Effect.map(Effect.orDie(locks(keys)), (rows) => Math.max(0, ...rows.map((row) => row.lockedUntil.getTime()))),
    remove: (key: string) => Effect.orDie(remove(key)),
    forgetOlder: (before: Date) => Effect.orDie(forgetOlder(before))
  }
})

export class ThrottleRepo extends Context.Tag("palma/ThrottleRepo")<ThrottleRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ThrottleRepo, make)
}
