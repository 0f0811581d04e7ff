import type { SqlError } from "@effect/sql"
import { Effect } from "effect"

const UNIQUE_VIOLATION = "23505"

const isSqlError = (error: unknown): error is SqlError.SqlError =>
  typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "SqlError"

export const isUniqueViolation = (error: SqlError.SqlError): boolean =>
  typeof error.cause === "object" && error.cause !== null && (error.cause as { code?: unknown }).code === UNIQUE_VIOLATION

/**
 * A unique index is the last word when two writes race past a uniqueness check: its violation
 * becomes `conflict()`. Any other database failure is a defect (500), never a client error.
 */
export const uniqueAs =
  <C>(conflict: () => C) =>
  <A, E, R>(effect: Effect.Effect<A, E | SqlError.SqlError, R>): Effect.Effect<A, Exclude<E, SqlError.SqlError> | C, R> =>
    Effect.catchIf(effect, isSqlError, (error) => (isUniqueViolation(error) ? Effect.fail(conflict()) : Effect.die(error))) as Effect.Effect<
      A,
      Exclude<E, SqlError.SqlError> | C,
      R
    >
