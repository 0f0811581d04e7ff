import { SqlError } from "@effect/sql"
import { Predicate } from "effect"

/** PostgreSQL's code for a statement it cancelled (`query_canceled`), which `statement_timeout` answers. */
const QUERY_CANCELED = "57014"

/** A statement cut at the limit, as PostgreSQL's `statement_timeout` fails it: the embedded database fails its own cut the same way. */
export const statementTimedOut = (): SqlError.SqlError =>
  new SqlError.SqlError({
    cause: Object.assign(new Error("canceling statement due to statement timeout"), { code: QUERY_CANCELED }),
    message: "Failed to execute statement"
  })

/** Whether `error` is a statement the database cut (either database; by tag, as PostgreSQL's may come from another copy of @effect/sql). */
export const isStatementTimeout = (error: unknown): boolean =>
  Predicate.isTagged(error, "SqlError") &&
  Predicate.hasProperty(error, "cause") &&
  Predicate.hasProperty(error.cause, "code") &&
  error.cause.code === QUERY_CANCELED
