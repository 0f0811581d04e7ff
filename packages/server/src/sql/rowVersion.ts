import type { SqlClient } from "@effect/sql"
import { Effect, Option } from "effect"
import { PreconditionFailed, staleVersionMessage } from "@palma/core/api"

/**
 * What an `If-Match` asked for: `undefined` when the request had none (the original client: the
 * last writer wins), `"any"` for `*`, else the versions it names (none when no tag parsed).
 */
export type Precondition = undefined | "any" | ReadonlyArray<number>

/** The row's version now, if the row exists (active or not). */
export const versionOf = (sql: SqlClient.SqlClient, table: string, id: string): Effect.Effect<Option.Option<number>> =>
  sql<{ version: number }>`SELECT version FROM ${sql(table)} WHERE id = ${id}`.pipe(
    Effect.map((rows) => Option.fromNullable(rows[0]?.version)),
    Effect.orDie
  )

/**
 * Inside a write's transaction: locks the row until commit (so no other write slips between this
 * check and the write) and fails with 412 unless the precondition names its version. A row that
 * does not exist passes: the caller's own lookup answers its 404.
 */
export const checkVersion = (sql: SqlClient.SqlClient, table: string, id: string, precondition: Precondition): Effect.Effect<void, PreconditionFailed> =>
  precondition === undefined
    ? Effect.void
    : sql<{ version: number }>`SELECT version FROM ${sql(table)} WHERE id = ${id} FOR UPDATE`.pipe(
        Effect.orDie,
        Effect.flatMap(([row]) => (row === undefined ? Effect.void : matchVersion(row.version, precondition)))
      )

/** Fails with 412 unless the precondition names `version`. */
export const matchVersion = (version: number, precondition: Precondition): Effect.Effect<void, PreconditionFailed> =>
  precondition === undefined || precondition === "any" || precondition.includes(version)
    ? Effect.void
    : Effect.fail(new PreconditionFailed({ message: staleVersionMessage }))

/** A row as written or read, with the version its `ETag` names. */
export interface Versioned<A> {
  readonly row: A
  readonly version: number
}

/**
 * A read of one row paired with its version. Outside a transaction the version is read first: a
 * write landing between the two reads then makes the tag older than the row (a needless 412
 * later), never newer (a lost update).
 */
export const readVersioned = <A, E, R>(sql: SqlClient.SqlClient, table: string, id: string, read: Effect.Effect<A, E, R>): Effect.Effect<Versioned<A>, E, R> =>
  Effect.gen(function* () {
    const version = yield* versionOf(sql, table, id)
    const row = yield* read
    return { row, version: Option.getOrElse(version, () => 0) }
  })

/** Pairs `row` with its version, read in the caller's transaction (after its write, so exact). */
export const withVersion = <A>(sql: SqlClient.SqlClient, table: string, id: string, row: A): Effect.Effect<Versioned<A>> =>
  Effect.map(versionOf(sql, table, id), (version) => ({ row, version: Option.getOrElse(version, () => 0) }))
