import { SqlClient, type SqlError } from "@effect/sql"
import { Context, Effect, Layer, Predicate } from "effect"

// By tag: the PostgreSQL client's errors may come from another copy of @effect/sql.
const isSqlError = (error: unknown): error is SqlError.SqlError => Predicate.isTagged(error, "SqlError")

/**
 * A transaction over `sql`: everything in `effect` commits together or not at all (a failure or a
 * defect rolls back). A database failure is a defect (500), never a client error.
 */
export const transactionOf =
  (sql: SqlClient.SqlClient) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, Exclude<E, SqlError.SqlError>, R> =>
    sql.withTransaction(effect).pipe(Effect.catchIf(isSqlError, Effect.die))

/** A service's transactions, so that a service runs its repos' writes together without holding the SQL client. */
export class Transaction extends Context.Tag("palma/Transaction")<
  Transaction,
  { readonly withTransaction: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, Exclude<E, SqlError.SqlError>, R> }
>() {
  static readonly layer = Layer.effect(
    Transaction,
    Effect.map(SqlClient.SqlClient, (sql) => ({ withTransaction: transactionOf(sql) }))
  )
}
