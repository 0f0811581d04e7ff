/**
 * Chooses the database behind `SqlClient`: PostgreSQL when a URL is given (several stateless API
 * processes can share it), otherwise the embedded PGlite in the data directory, locked to this
 * process. Both parse values the same way (./PgTypes.ts), so repositories cannot tell them apart.
 */
import * as Reactivity from "@effect/experimental/Reactivity"
import { SqlClient, type SqlError } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Config, type ConfigError, Context, Effect, Layer, Option, Redacted } from "effect"
import * as path from "node:path"
import * as DataDirLock from "./DataDirLock.js"
import * as PgLiteClient from "./PgLiteClient.js"
import { makePgTypeParsers } from "./PgTypes.js"

export interface DatabaseOptions {
  /** `postgres://…`: use PostgreSQL. Takes precedence over the other options; empty means unset. */
  readonly databaseUrl?: string | undefined
  /** Data directory of the embedded database (PGlite lives in `<dataDir>/pglite`). Default `./data`. */
  readonly dataDir?: string | undefined
  /** Embedded database in memory: no files, no lock (tests, demos). */
  readonly inMemory?: boolean | undefined
}

export type DatabaseError = SqlError.SqlError | DataDirLock.DataDirLocked | DataDirLock.DataDirUnavailable

export const defaultDataDir = "./data"

/** Where in a data directory the embedded database keeps its cluster. */
export const databaseDirOf = (dataDir: string): string => path.join(dataDir, "pglite")

/** The embedded database in a data directory: lock first, so PGlite never opens files another process uses. */
const embedded = (dataDir: string): Layer.Layer<SqlClient.SqlClient, DatabaseError> =>
  Layer.scopedContext(
    Effect.gen(function* () {
      // Scope finalizers run in reverse: PGlite closes before the lock is released.
      yield* DataDirLock.acquire(dataDir)
      const client = yield* PgLiteClient.make({ dataDir: databaseDirOf(dataDir) })
      return Context.make(SqlClient.SqlClient, client)
    })
  ).pipe(Layer.provide(Reactivity.layer))

export const databaseLayer = (options: DatabaseOptions): Layer.Layer<SqlClient.SqlClient, DatabaseError> => {
  if (options.databaseUrl) {
    return PgClient.layer({ url: Redacted.make(options.databaseUrl), types: makePgTypeParsers() })
  }
  if (options.inMemory) return PgLiteClient.layer()
  return embedded(options.dataDir || defaultDataDir)
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
