/**
 * A `SqlClient` over PGlite (Postgres compiled to WASM). Effect 3 has no published adapter, so this
 * mirrors `@effect/sql-pg` (same compiler, hence identical placeholders, identifier escaping and
 * `sql.insert`/`sql.in` output) over PGlite's single connection. PGlite runs on a thread of its own
 * (./pgliteWorker.ts): a statement holds that thread, never the server's.
 *
 * PGlite is ONE connection, so all access is serialized by a single permit: a plain query holds it
 * for that query; a transaction (or `sql.reserve`) holds it for its whole scope, so no other fiber's
 * statement can land inside it. Nested `withTransaction` calls become savepoints on the held
 * connection (done by `SqlClient.make`); they must run in the transaction's fiber or its children,
 * because a fiber outside the transaction waits for the permit.
 *
 * A statement still running after `statementTimeout`, or when the process stops (`cutRunning`), is
 * cut, on a cluster in a data directory only: a statement inside PGlite cannot be cancelled, so
 * its thread is ended and PGlite opened again on the same files, which PostgreSQL recovers as after
 * a crash (what was committed stays; the transaction that ran the statement is gone). The statement
 * fails like PostgreSQL's own `statement_timeout` or `pg_cancel_backend` (code 57014); until the
 * holder lets the connection go, its other statements fail the same way (like an aborted
 * transaction's) and its ROLLBACK does nothing more. A database in memory has nothing to be opened
 * again from, so its statements are never cut.
 *
 * A thread that ends on its own (it crashed, its heap ran out) is noticed at once: the statement
 * in flight fails as PostgreSQL's sessions fail when their server crashes (code 57P02), and PGlite
 * is opened again on its data dir the same way. In memory the data went with the thread: every
 * statement fails from then on.
 *
 * Rows come back with column names as written; see ./PgTypes.ts for how values are parsed.
 */
import type { Results } from "@electric-sql/pglite"
import * as Reactivity from "@effect/experimental/Reactivity"
import { SqlClient, SqlError, type SqlConnection } from "@effect/sql"
import { makeCompiler } from "@effect/sql-pg/PgClient"
import { Context, Duration, Effect, Layer, Runtime, Stream, type Scope } from "effect"
import type { ResourceLimits } from "node:worker_threads"
import { ConnectionLoad, type ConnectionLoadSnapshot } from "./ConnectionLoad.js"
import type { ToDatabase } from "./pgliteMessages.js"
import { openDatabaseThread, type DatabaseThread } from "./pgliteThread.js"
import { RunningStatements } from "./RunningStatements.js"
import { databaseRestarted, statementCancelled, statementTimedOut } from "./statementTimeout.js"

export const TypeId: unique symbol = Symbol.for("@palma/server/sql/PgLiteClient")

export interface PgLiteClientConfig {
  /** Directory of the PGlite cluster; undefined keeps the database in memory (tests). */
  readonly dataDir?: string | undefined
  /** A cluster dumped by `dumpDataDir` to start from (tests clone a migrated, seeded template). */
  readonly loadDataDir?: Blob | undefined
  /** A statement still running after this long is cut (with a `dataDir` only; see above). */
  readonly statementTimeout?: Duration.DurationInput | undefined
  /** Limits of the database thread (its heap holds a statement's rows); Node's defaults when unset. */
  readonly threadLimits?: ResourceLimits | undefined
}

export interface PgLiteClient extends SqlClient.SqlClient {
  readonly [TypeId]: typeof TypeId
  readonly config: PgLiteClientConfig
  /**
   * The whole cluster as an uncompressed tarball for `loadDataDir` (consecutive byte ranges), as
   * it stood after the last transaction that committed before the dump began: see `make`.
   */
  readonly dumpDataDir: Effect.Effect<ReadonlyArray<Uint8Array>, SqlError.SqlError>
  /** The one connection's load: held or not, and how many wait for it. */
  readonly load: () => ConnectionLoadSnapshot
  /** Cuts the statement running now, if any (with a `dataDir` only; see above). */
  readonly cutRunning: Effect.Effect<void>
}

export const PgLiteClient = Context.GenericTag<PgLiteClient>("@palma/server/sql/PgLiteClient")

/** Whether the database behind a `SqlClient` is the embedded one, whose cluster can be dumped. */
export const isPgLiteClient = (client: SqlClient.SqlClient): client is PgLiteClient => TypeId in client

type Rows = ReadonlyArray<unknown>
type TransformRows = (<A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined

const statementError = (cause: unknown): SqlError.SqlError => new SqlError.SqlError({ cause, message: "Failed to execute statement" })

/** One result per statement, like node-postgres: a single result gives its rows, several give rows per statement. */
const rowsOf = (results: ReadonlyArray<Results>): Rows => {
  const [only] = results
  return results.length === 1 && only ? only.rows : results.map((result) => result.rows)
}

/** What `SqlClient.make` sends to undo a transaction or a savepoint: after a cut there is nothing left to undo. */
const isRollback = (sql: string) => sql === "ROLLBACK" || sql.startsWith("ROLLBACK TO SAVEPOINT ")

export const make = (config: PgLiteClientConfig): Effect.Effect<PgLiteClient, SqlError.SqlError, Scope.Scope | Reactivity.Reactivity> =>
  Effect.gen(function* () {
    const permit = yield* Effect.makeSemaphore(1)
    const runFork = Runtime.runFork(yield* Effect.runtime<never>())
    const { dataDir } = config
    const limit = dataDir !== undefined && config.statementTimeout !== undefined ? Duration.toMillis(config.statementTimeout) : undefined
    /** Once the client closes, a thread that ends is not replaced. */
    let closing = false
    /** How many cuts so far, how many there had been when the connection was last taken, and how the last one failed its statements. */
    let cuts = 0
    let cutsWhenTaken = 0
    let cutError = statementTimedOut
    /** The statement in flight: the thread running it, and how to fail it. */
    let running: { readonly on: DatabaseThread; readonly fail: (error: SqlError.SqlError) => void } | undefined

    /** A thread with PGlite open, watched: if it ends on its own, its statement fails and another takes its place. */
    const open = (cluster: ArrayBuffer | undefined) =>
      openDatabaseThread(dataDir, cluster, config.threadLimits).then((opened) => {
        opened.died.then((why) => {
          runFork(
            Effect.logError(
              `El hilo de PGlite terminó solo (${why.message}); ${dataDir === undefined ? "sus datos en memoria se perdieron" : "se abre de nuevo sobre sus archivos"}`
            )
          )
          cut(opened, () => databaseRestarted(why))
        })
        return opened
      })
    const cluster = config.loadDataDir ? yield* Effect.promise(() => config.loadDataDir!.arrayBuffer()) : undefined
    /** The thread statements go to; after a cut, the one being opened in its place. */
    let thread: Effect.Effect<DatabaseThread, SqlError.SqlError> = Effect.succeed(
      yield* Effect.tryPromise({
        try: () => open(cluster),
        catch: (cause) => new SqlError.SqlError({ cause, message: `Failed to open PGlite at ${dataDir ?? "memory"}` })
      })
    )

    /**
     * Fails the statement in flight, and what its holder sends after it, with `error`; ends `gone`
     * (if it still runs) and opens PGlite again on its data dir at once: statements wait for it.
     */
    const cut = (gone: DatabaseThread, error: () => SqlError.SqlError) => {
      cuts++
      cutError = error
      running?.fail(error())
      if (closing) return
      const reopened =
        dataDir === undefined ? Promise.reject(new Error("PGlite en memoria terminó: sus datos se perdieron")) : gone.end().then(() => open(undefined))
      // Read by the next statement; until then a failed recovery is not an unhandled rejection.
      reopened.catch(() => undefined)
      thread = Effect.tryPromise({
        try: () => reopened,
        catch: (cause) => new SqlError.SqlError({ cause, message: `Failed to reopen PGlite at ${dataDir ?? "memory"}` })
      })
    }

    yield* Effect.addFinalizer(() =>
      // Under the permit, so an in-flight query or transaction ends before the files close.
      permit.withPermits(1)(
        Effect.flatMap(thread, (current) =>
          Effect.tryPromise(() => {
            closing = true
            return current.ask({ kind: "close" })
          }).pipe(
            Effect.catchAll((error) => Effect.logWarning("PGlite did not close cleanly", error.cause)),
            Effect.ensuring(Effect.promise(current.end))
          )
        ).pipe(Effect.catchAll(() => Effect.void))
      )
    )

    const ask = (message: ToDatabase) =>
      Effect.flatMap(thread, (current) =>
        Effect.async<Awaited<ReturnType<DatabaseThread["ask"]>>, SqlError.SqlError>((resume) => {
          // The first of: the answer, the limit, a cut, the thread's own end (whose watcher, registered
          // before this statement was sent, fails it with why before its rejection arrives here).
          let settled = false
          const settle = (outcome: Effect.Effect<Awaited<ReturnType<DatabaseThread["ask"]>>, SqlError.SqlError>) => {
            if (settled) return
            settled = true
            clearTimeout(timer)
            running = undefined
            resume(outcome)
          }
          running = { on: current, fail: (error) => settle(Effect.fail(error)) }
          const timer =
            limit === undefined
              ? undefined
              : setTimeout(() => {
                  runFork(Effect.logWarning("Una sentencia pasó el límite: se cortó y PGlite se abre de nuevo sobre sus archivos"))
                  cut(current, statementTimedOut)
                }, limit)
          current.ask(message).then(
            (answer) => settle(Effect.succeed(answer)),
            (error: unknown) => settle(Effect.fail(statementError(error)))
          )
        })
      ).pipe(
        // A statement is not abandoned midway: the permit is kept until it has really finished (or was cut).
        Effect.uninterruptible
      )

    const run = (sql: string, params: ReadonlyArray<unknown>, rowMode: "object" | "array" = "object") =>
      Effect.suspend(() => {
        if (cuts !== cutsWhenTaken) return isRollback(sql) ? Effect.succeed<ReadonlyArray<Results>>([]) : Effect.fail(cutError())
        return Effect.flatMap(ask({ kind: "statement", sql, params, rowMode }), (answer) =>
          answer.kind === "results" ? Effect.succeed(answer.results) : Effect.fail(statementError(new Error(`PGlite answered ${answer.kind} to a statement`)))
        )
      })

    const execute = (sql: string, params: ReadonlyArray<unknown>, transformRows: TransformRows) =>
      Effect.map(run(sql, params), (results) => {
        const rows = rowsOf(results)
        return transformRows ? transformRows(rows as ReadonlyArray<object>) : rows
      })

    const connection: SqlConnection.Connection = {
      execute,
      executeUnprepared: execute,
      executeRaw: (sql, params) => Effect.map(run(sql, params), (results) => (results.length === 1 ? results[0] : results)),
      executeValues: (sql, params) =>
        // rowMode "array" makes every row an array of column values.
        Effect.map(run(sql, params, "array"), (results) => rowsOf(results) as ReadonlyArray<Rows>),
      // PGlite has no cursors across calls; rows are read at once, then emitted.
      executeStream: (sql, params, transformRows) => Stream.fromIterableEffect(execute(sql, params, transformRows))
    }

    // Who holds the connection and who waits for it, counted for the metrics (ConnectionLoad).
    let waiting = 0
    let inUse = 0
    const waitForPermit = Effect.suspend(() => {
      waiting++
      return Effect.ensuring(
        permit.take(1),
        Effect.sync(() => waiting--)
      )
    })
    // Waiting for the permit stays interruptible; once taken, its release is bound to the scope.
    const acquirer: SqlConnection.Connection.Acquirer = Effect.uninterruptibleMask((restore) =>
      restore(waitForPermit).pipe(
        Effect.zipRight(
          Effect.sync(() => {
            inUse++
            cutsWhenTaken = cuts
          })
        ),
        Effect.zipRight(
          Effect.addFinalizer(() =>
            Effect.zipRight(
              Effect.sync(() => inUse--),
              permit.release(1)
            )
          )
        ),
        Effect.as(connection)
      )
    )
    const load = (): ConnectionLoadSnapshot => ({ inUse, idle: 1 - inUse, waiting })

    const client = yield* SqlClient.make({
      acquirer,
      transactionAcquirer: acquirer,
      compiler: makeCompiler(),
      spanAttributes: [
        ["db.system.name", "postgresql"],
        ["db.namespace", "pglite"]
      ]
    })
    /**
     * Under the permit that every statement and every whole transaction holds: no other statement
     * runs from the checkpoint to the last byte read, and no transaction is open (one holds the
     * permit from BEGIN to COMMIT), so the files are those of the last committed transaction.
     */
    const dumpDataDir = permit.withPermits(1)(
      Effect.suspend(() => {
        cutsWhenTaken = cuts
        return Effect.flatMap(ask({ kind: "dump" }), (answer) =>
          answer.kind === "dumped" ? Effect.succeed(answer.parts) : new SqlError.SqlError({ cause: null, message: `PGlite answered ${answer.kind} to a dump` })
        )
      })
    )
    const cutRunning = Effect.suspend(() => {
      if (dataDir === undefined || running === undefined) return Effect.void
      cut(running.on, statementCancelled)
      return Effect.logWarning("Palma se cierra: se cortó la sentencia en curso y PGlite se abre de nuevo sobre sus archivos")
    })
    const extra: Pick<PgLiteClient, typeof TypeId | "config" | "dumpDataDir" | "load" | "cutRunning"> = {
      [TypeId]: TypeId,
      config,
      dumpDataDir,
      load,
      cutRunning
    }
    return Object.assign(client, extra)
  })

/** The client as the server reads it: its own tag, `SqlClient`, its `ConnectionLoad` and its `RunningStatements`. */
export const contextOf = (client: PgLiteClient) =>
  Context.make(PgLiteClient, client).pipe(
    Context.add(SqlClient.SqlClient, client),
    Context.add(ConnectionLoad, client.load),
    Context.add(RunningStatements, { cut: client.cutRunning })
  )

export const layer = (
  config: PgLiteClientConfig = {}
): Layer.Layer<PgLiteClient | SqlClient.SqlClient | ConnectionLoad | RunningStatements, SqlError.SqlError> =>
  Layer.scopedContext(Effect.map(make(config), contextOf)).pipe(Layer.provide(Reactivity.layer))
