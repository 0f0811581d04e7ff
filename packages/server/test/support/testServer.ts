import { HttpServer } from "@effect/platform"
import { SqlClient } from "@effect/sql"
import { randomBytes } from "node:crypto"
import { mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Context, Effect, Exit, Layer, Scope } from "effect"
import { appLayer } from "../../src/app.js"
import { serverConfigFrom } from "../../src/config.js"
import { databaseLayer } from "../../src/sql/Database.js"
import * as PgLiteClient from "../../src/sql/PgLiteClient.js"
import { psql } from "./psql.js"

/** A migrated, seeded database every test server is cloned from (see template.ts). */
export type Template = { readonly kind: "pglite"; readonly file: string } | { readonly kind: "postgres"; readonly database: string }

export interface RunningServer {
  readonly url: string
  readonly dataDir: string
  /** The server's own PostgreSQL database, when the suite runs on PostgreSQL. */
  readonly databaseUrl: string | undefined
  /** Log output so far: the process's stdout and stderr, or the in-process server's log lines. */
  readonly output: () => string
  readonly stop: () => Promise<void>
}

/** A server in the test's own process, whose database the test can also reach. */
export interface InProcessServer extends RunningServer {
  /** Runs SQL on the server's own database, for fixtures no endpoint makes (a subscription) and for checking what was written. */
  readonly sql: <A>(query: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) => Promise<A>
}

/**
 * The template's cluster as PGlite loads it. PGlite reads a `loadDataDir` through `arrayBuffer()`,
 * which for Node's own Blob of this size (≈65 MB) copies it out in small chunks: that copy, reading
 * the file and making the Blob cost over a second of CPU per server, more than PostgreSQL's start.
 * So the file is read once per process, and each clone gets a plain copy of its bytes.
 */
class ClusterBlob extends Blob {
  constructor(private readonly cluster: Uint8Array) {
    super([cluster])
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // A copy: PGlite takes the buffer as its own.
    return Promise.resolve(new Uint8Array(this.cluster).buffer)
  }
}
const clusters = new Map<string, ClusterBlob>()
const clusterOf = (file: string): ClusterBlob => {
  const cached = clusters.get(file)
  if (cached !== undefined) return cached
  const blob = new ClusterBlob(readFileSync(file))
  clusters.set(file, blob)
  return blob
}

/** This server's own database: a clone of the template. */
const cloneOf = (template: Template) => {
  if (template.kind === "pglite") {
    return { layer: PgLiteClient.layer({ loadDataDir: clusterOf(template.file) }), url: undefined, drop: () => undefined }
  }
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) throw new Error("La plantilla es de PostgreSQL pero DATABASE_URL no está definida")
  const name = `palma_t_${randomBytes(6).toString("hex")}`
  psql(baseUrl, `CREATE DATABASE ${name} TEMPLATE ${template.database}`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    layer: databaseLayer({ databaseUrl: url.toString() }),
    url: url.toString(),
    drop: () => psql(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  }
}

/**
 * The real server, in this process: the same layers as `pnpm start` (app.ts), listening on a free
 * port, on a database cloned from `template`, with a fresh data dir (signing key). `stop` closes
 * it and drops its database.
 */
export const startServerFrom = async (template: Template, options: { env?: Readonly<Record<string, string>> } = {}): Promise<InProcessServer> => {
  const dataDir = mkdtempSync(join(tmpdir(), "palma-test-"))
  const database = cloneOf(template)
  // Suites sign in once and may run for many minutes on a loaded machine: tokens outlive them unless a test asks for short ones.
  const env = { PORT: "0", PALMA_DATA_DIR: dataDir, PALMA_PUBLIC_URL: "http://localhost:3000", PALMA_LOCAL_TOKEN_TTL_SECONDS: "3600", ...options.env }
  // Each server's log lines are its own: `output()` reads them, the run's console stays quiet.
  const lines: Array<string> = []
  const scope = Effect.runSync(Scope.make())
  const stop = async () => {
    await Effect.runPromise(Scope.close(scope, Exit.void))
    rmSync(dataDir, { recursive: true, force: true })
    database.drop()
  }
  try {
    // Built once and shared, so the test's SQL and the server's run on the same database (an in-memory PGlite has one client).
    const databaseContext = await Effect.runPromise(Layer.buildWithScope(database.layer, scope))
    const context = await Effect.runPromise(
      Layer.buildWithScope(
        appLayer(serverConfigFrom(env), env, Layer.succeedContext(databaseContext), (line) => lines.push(line)),
        scope
      )
    )
    const sql = <A>(query: (sql: SqlClient.SqlClient) => Effect.Effect<A, unknown>) =>
      Effect.runPromise(Effect.flatMap(SqlClient.SqlClient, query).pipe(Effect.provide(databaseContext)))
    const address = Context.get(context, HttpServer.HttpServer).address
    if (address._tag !== "TcpAddress") throw new Error("El servidor de pruebas no escucha en TCP")
    return { url: `http://127.0.0.1:${address.port}`, dataDir, databaseUrl: database.url, output: () => lines.join("\n"), sql, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
