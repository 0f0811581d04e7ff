/**
 * Chooses the database behind `SqlClient`: PostgreSQL when a URL is given (several stateless API
 * processes can share it), otherwise the embedded PGlite in the data directory, locked to this
 * process. Both parse values the same way (./PgTypes.ts), so repositories cannot tell them apart.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import { SqlClient, SqlError } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Config, type ConfigError, Context, Duration, Effect, Layer, Option, Redacted } from "effect"
import * as path from "node:path"
import pg from "pg"
import { ConnectionLoad } from "./ConnectionLoad.js"
import * as DataDirLock from "./DataDirLock.js"
import * as PgLiteClient from "./PgLiteClient.js"
import { makePgTypeParsers } from "./PgTypes.js"
import { PreparingClient } from "./preparingClient.js"
import { RunningStatements } from "./RunningStatements.js"

export interface DatabaseOptions {
  /** `postgres://…`: use PostgreSQL. Takes precedence over the other options; empty means unset. */
  readonly databaseUrl?: string | undefined
  /** Data directory of the embedded database (PGlite lives in `<dataDir>/pglite`). Default `./data`. */
  readonly dataDir?: string | undefined
  /** Embedded database in memory: no files, no lock (tests, demos). */
  readonly inMemory?: boolean | undefined
  /**
   * A statement still running after this many seconds is cut and fails (PostgreSQL's code 57014):
   * PostgreSQL's `statement_timeout`; on the embedded database in a data dir, ./PgLiteClient.ts.
   * Unset: no limit.
   */
  readonly statementTimeoutSeconds?: number | undefined
}

export type DatabaseError = SqlError.SqlError | DataDirLock.DataDirLocked | DataDirLock.DataDirUnavailable

/** Connections each process opens to PostgreSQL at most (node-postgres' own default, stated). */
export const PG_POOL_SIZE = 10

export const defaultDataDir = "./data"

/** Where in a data directory the embedded database keeps its cluster. */
export const databaseDirOf = (dataDir: string): string => path.join(dataDir, "pglite")

/** The embedded database in a data directory: lock first, so PGlite never opens files another process uses. */
const embedded = (dataDir: string, statementTimeoutSeconds: number | undefined): Layer.Layer<SqlClient.SqlClient, DatabaseError> =>
  Layer.scopedContext(
    Effect.gen(function* () {
      // Scope finalizers run in reverse: PGlite closes before the lock is released.
      yield* DataDirLock.acquire(dataDir)
      const statementTimeout = statementTimeoutSeconds === undefined ? undefined : Duration.seconds(statementTimeoutSeconds)
      return PgLiteClient.contextOf(yield* PgLiteClient.make({ dataDir: databaseDirOf(dataDir), statementTimeout }))
    })
  ).pipe(Layer.provide(Reactivity.layer))

/** The server processes (backend pids) behind the pool's open connections, kept as they come and go. */
const ourBackends = (pool: pg.Pool): ReadonlySet<number> => {
  const pids = new Set<number>()
  // node-postgres' client knows its backend's pid (`processID`) but its types do not say so.
  const pidOf = (client: pg.PoolClient) => (client as pg.PoolClient & { readonly processID: number }).processID
  pool.on("connect", (client) => pids.add(pidOf(client)))
  pool.on("remove", (client) => pids.delete(pidOf(client)))
  return pids
}

/**
 * Cancels what this process's connections run, and nothing of other processes on the same
 * database: `pg_cancel_backend` of its own backends, from a connection of its own (the pool's may
 * all be busy). A cancel finds an idle connection waiting for a command and does nothing there.
 */
const cancelStatements = (url: string, backends: ReadonlySet<number>): Effect.Effect<void> =>
  Effect.suspend(() => {
    if (backends.size === 0) return Effect.void
    const pids = [...backends]
    return Effect.acquireUseRelease(
      Effect.tryPromise(async () => {
        const client = new pg.Client({ connectionString: url, application_name: "palma" })
        // Its failures come through the calls below; an unhandled 'error' event would end the process.
        client.on("error", () => undefined)
        await client.connect()
        return client
      }),
      (client) => Effect.tryPromise(() => client.query("SELECT pg_cancel_backend(pid) FROM unnest($1::int[]) AS pid", [pids])),
      (client) => Effect.promise(() => client.end())
    ).pipe(
      Effect.timeout(Duration.seconds(5)),
      Effect.zipRight(Effect.logWarning(`Palma se cierra: canceló lo que corrían sus ${pids.length} conexiones`)),
      Effect.catchAll((error) => Effect.logWarning("Palma se cierra: no pudo cancelar las sentencias en curso", error))
    )
  })

/**
 * PostgreSQL through a pool made here rather than by `PgClient.layer`, so the metrics can read its
 * load (ConnectionLoad). Opened the way @effect/sql-pg opens its own: one `SELECT 1` within 5 s,
 * so a wrong URL fails the start; closed with the scope.
 */
const shared = (url: string, statementTimeoutSeconds: number | undefined): Layer.Layer<SqlClient.SqlClient, SqlError.SqlError> =>
  Layer.scopedContext(
    Effect.gen(function* () {
      const types = makePgTypeParsers()
      const pool = yield* Effect.acquireRelease(
        Effect.sync(
          () =>
            new pg.Pool({
              connectionString: url,
              max: PG_POOL_SIZE,
              application_name: "palma",
              types,
              Client: PreparingClient,
              // Sent with each connection's start, so it holds for every statement of the pool's connections.
              ...(statementTimeoutSeconds === undefined ? {} : { statement_timeout: statementTimeoutSeconds * 1000 })
            })
        ),
        (pool) => Effect.promise(() => pool.end()).pipe(Effect.timeoutOption(Duration.seconds(1)))
      )
      // An idle connection's error (the server restarted) is the pool's to replace; unhandled, it would end the process.
      pool.on("error", () => undefined)
      const backends = ourBackends(pool)
      yield* Effect.tryPromise({
        try: () => pool.query("SELECT 1"),
        catch: (cause) => new SqlError.SqlError({ cause, message: "PgClient: Failed to connect" })
      }).pipe(
        Effect.timeoutFail({
          duration: Duration.seconds(5),
          onTimeout: () => new SqlError.SqlError({ cause: new Error("Connection timed out"), message: "PgClient: Connection timed out" })
        })
      )
      const client = yield* PgClient.fromPool({ acquire: Effect.succeed(pool), applicationName: "palma", types })
      const load = () => ({ inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount })
      return Context.make(PgClient.PgClient, client).pipe(
        Context.add(SqlClient.SqlClient, client),
        Context.add(ConnectionLoad, load),
        Context.add(RunningStatements, { cut: cancelStatements(url, backends) })
      )
    })
  ).pipe(Layer.provide(Reactivity.layer))

export const databaseLayer = (options: DatabaseOptions): Layer.Layer<SqlClient.SqlClient, DatabaseError> => {
  if (options.databaseUrl) return shared(options.databaseUrl, options.statementTimeoutSeconds)
  if (options.inMemory) return PgLiteClient.layer()
  return embedded(options.dataDir || defaultDataDir, options.statementTimeoutSeconds)
}

/** `DATABASE_URL` (PostgreSQL) or `PALMA_DATA_DIR` (embedded, default `./data`). */
export const layerFromEnv: Layer.Layer<SqlClient.SqlClient, DatabaseError | ConfigError.ConfigError> = Layer.unwrapEffect(
  Effect.map(
    Config.all({
      databaseUrl: Config.option(Config.redacted("DATABASE_URL")),
      dataDir: Config.option(Config.string("PALMA_DATA_DIR"))
    }),
    ({ databaseUrl, dataDir }) =>
      databaseLayer({
        databaseUrl: Option.getOrUndefined(Option.map(databaseUrl, Redacted.value)),
        dataDir: Option.getOrUndefined(dataDir)
      })
  )
)
