import { SqlError } from "@effect/sql"
import { Predicate } from "effect"

/** PostgreSQL's code for a statement it cancelled (`query_canceled`), which `statement_timeout` and `pg_cancel_backend` answer. */
const QUERY_CANCELED = "57014"
/** PostgreSQL's code for a session ended because the server crashed under it (`crash_shutdown`). */
const CRASH_SHUTDOWN = "57P02"

/** A statement failed the way PostgreSQL fails it, with its code: the embedded database fails its own cuts the same way. */
const failedWith = (code: string, reason: string): SqlError.SqlError =>
  new SqlError.SqlError({ cause: Object.assign(new Error(reason), { code }), message: "Failed to execute statement" })

/** A statement cut at the limit, as PostgreSQL's `statement_timeout` fails it. */
export const statementTimedOut = (): SqlError.SqlError => failedWith(QUERY_CANCELED, "canceling statement due to statement timeout")

/** A statement cut because the process stops, as PostgreSQL's `pg_cancel_backend` fails it. */
export const statementCancelled = (): SqlError.SqlError => failedWith(QUERY_CANCELED, "canceling statement due to user request")

/** A statement whose database (the embedded one's thread) ended under it, as PostgreSQL's sessions fail when it crashes. */
export const databaseRestarted = (why: Error): SqlError.SqlError => failedWith(CRASH_SHUTDOWN, `the database ended during the statement: ${why.message}`)

/** The PostgreSQL code of a statement's failure (by tag, as PostgreSQL's may come from another copy of @effect/sql). */
const codeOf = (error: unknown): unknown =>
  Predicate.isTagged(error, "SqlError") && Predicate.hasProperty(error, "cause") && Predicate.hasProperty(error.cause, "code") ? error.cause.code : undefined

/** Whether `error` is a statement the database cut (either database: at the limit, or because the process stops). */
export const isStatementTimeout = (error: unknown): boolean => codeOf(error) === QUERY_CANCELED

/** Whether `error` is a statement whose database ended under it. */
export const isDatabaseRestart = (error: unknown): boolean => codeOf(error) === CRASH_SHUTDOWN
