import { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import type { Versioned } from "../domain/version.js"

/** The row's version now, if the row exists (active or not). */
export const versionOf = (sql: SqlClient.SqlClient, table: string, id: string): Effect.Effect<Option.Option<number>> =>
  sql<{ version: number }>`SELECT version FROM ${sql(table)} WHERE id = ${id}`.pipe(
    Effect.map((rows) => Option.fromNullable(rows[0]?.version)),
    Effect.orDie
  )

/** Pairs `row` with its version, read in the caller's transaction (after its write, so exact). */
export const withVersion = <A>(sql: SqlClient.SqlClient, table: string, id: string, row: A): Effect.Effect<Versioned<A>> =>
  Effect.map(versionOf(sql, table, id), (version) => ({ row, version: Option.getOrElse(version, () => 0) }))

/**
 * The versions of `table`'s rows, for its service: what a write's check compares (`domain/version.ts`)
 * and what the `ETag` of an answer names. The service decides; this only reads and locks.
 */
export const rowVersionsOf = (table: string) =>
  Effect.map(SqlClient.SqlClient, (sql) => ({
    /** Inside a write's transaction: the row's version, the row locked until commit; none when there is no row. */
    lock: (id: string): Effect.Effect<Option.Option<number>> =>
      sql<{ version: number }>`SELECT version FROM ${sql(table)} WHERE id = ${id} FOR UPDATE`.pipe(
        Effect.map((rows) => Option.fromNullable(rows[0]?.version)),
        Effect.orDie
      ),
    /**
     * A read of one row paired with its version. Outside a transaction the version is read first: a
     * write landing between the two reads then makes the tag older than the row (a needless 412
     * later), never newer (a lost update).
     */
    read: <A, E, R>(id: string, read: Effect.Effect<A, E, R>): Effect.Effect<Versioned<A>, E, R> =>
      Effect.gen(function* () {
        const version = yield* versionOf(sql, table, id)
        const row = yield* read
        return { row, version: Option.getOrElse(version, () => 0) }
      }),
    /** Pairs `row` with its version, read in the caller's transaction (after its write, so exact). */
    of: <A>(id: string, row: A): Effect.Effect<Versioned<A>> => withVersion(sql, table, id, row)
  }))

/** One table's row versions, as `rowVersionsOf` makes them. */
export type RowVersions = Effect.Effect.Success<ReturnType<typeof rowVersionsOf>>
