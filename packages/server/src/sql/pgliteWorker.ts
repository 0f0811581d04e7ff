/**
 * The thread the embedded database runs on (started by ./pgliteThread.ts). PGlite is PostgreSQL
 * compiled to WASM and runs a statement synchronously: on the server's thread a long statement held
 * every other request, the health probe and the handling of SIGTERM until it ended. Here it holds
 * only this thread, which the server can end (a statement over the limit, a process stopping).
 */
import { PGlite, type QueryOptions, type Results } from "@electric-sql/pglite"
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm"
import { parentPort } from "node:worker_threads"
import { clusterTar } from "./clusterTar.js"
import type { FromDatabase, StatementFault, ToDatabase } from "./pgliteMessages.js"
import { pgliteParsers, pgliteSerializers } from "./PgTypes.js"

const port = parentPort
if (port === null) throw new Error("pgliteWorker corre solo como hilo de trabajo")

/** A WAL segment file in a dumped cluster (`pg_wal/000000010000000000000003`), its name captured. */
const walSegment = /^pg_wal\/([0-9A-F]{24})$/

/** A dumped cluster handed over as bytes: PGlite reads a `loadDataDir` through `arrayBuffer()` only, and a Blob made of them would copy them twice. */
class ClusterBytes extends Blob {
  readonly #cluster: ArrayBuffer
  constructor(cluster: ArrayBuffer) {
    super([])
    this.#cluster = cluster
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.#cluster)
  }
}

const open = (message: Extract<ToDatabase, { kind: "open" }>) =>
  PGlite.create(message.dataDir, {
    pgliteWasmModule: message.wasm,
    parsers: pgliteParsers,
    serializers: pgliteSerializers,
    // Trigram indexes make "name contains" searches use an index (migration 0014); PostgreSQL ships it in contrib.
    extensions: { pg_trgm },
    // PGlite's own default is 128 MB of buffers inside the process, resident for good once
    // touched; the files it reads are in the system's page cache anyway. 32 MB keeps the
    // server near 300 MB (issue 13's budget is 400 MB for the whole server during an upload).
    // This replaces the data dir's postgresql.conf, so the rest of PGlite's own is repeated.
    postgresqlconf: [
      "shared_buffers = 32MB",
      "timezone = UTC",
      "log_timezone = UTC",
      "datestyle = 'iso, mdy'",
      "lc_messages = C",
      "lc_monetary = C",
      "lc_numeric = C",
      "lc_time = C",
      "default_text_search_config = 'pg_catalog.english'"
    ],
    ...(message.cluster ? { loadDataDir: new ClusterBytes(message.cluster) } : {})
  })

const run = async (db: PGlite, sql: string, params: ReadonlyArray<unknown>, options: QueryOptions): Promise<ReadonlyArray<Results>> =>
  // Without parameters use the simple protocol, as node-postgres does: it accepts several
  // statements in one string (migrations) and returns one result per statement.
  params.length === 0 ? db.exec(sql, options) : [await db.query(sql, [...params], options)]

/**
 * The cluster as it stood after the last committed transaction: the client sends this only
 * between transactions, and between statements PGlite (single-user PostgreSQL, no background
 * processes) writes nothing. After the checkpoint a restore needs only the WAL from its redo point
 * to the current segment; the other 16 MB segments (spent ones and recycled spares) are not read.
 */
const dump = async (db: PGlite): Promise<ReadonlyArray<Uint8Array>> => {
  await db.exec("CHECKPOINT")
  const {
    rows: [wal]
  } = await db.query<{ readonly redo: string; readonly current: string }>(
    "SELECT redo_wal_file AS redo, pg_walfile_name(pg_current_wal_lsn()) AS current FROM pg_control_checkpoint()"
  )
  if (wal === undefined) throw new Error("pg_control_checkpoint answered no row")
  const unneeded = (path: string) => {
    const segment = walSegment.exec(path)?.[1]
    return segment !== undefined && (segment < wal.redo || segment > wal.current)
  }
  // PGlite keeps its cluster at <WASM_PREFIX>/data of its file system, as its own dumpDataDir reads it.
  return clusterTar(db.Module.FS, `${db.Module.WASM_PREFIX}/data`, unneeded)
}

/** An error's name, message and plain fields; PGlite attaches the bound values (`params`), which may hold personal data. */
const faultOf = (error: unknown): StatementFault => {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), fields: {} }
  const fields = Object.entries(error).filter(
    (entry): entry is [string, string | number] => entry[0] !== "params" && (typeof entry[1] === "string" || typeof entry[1] === "number")
  )
  return { name: error.name, message: error.message, fields: Object.fromEntries(fields) }
}

let db: PGlite | undefined
const opened = () => {
  if (db === undefined) throw new Error("PGlite no está abierto en este hilo")
  return db
}

const handle = async (message: ToDatabase): Promise<void> => {
  switch (message.kind) {
    case "open":
      db = await open(message)
      return port.postMessage({ kind: "opened" } satisfies FromDatabase)
    case "statement": {
      const results = await run(opened(), message.sql, message.params, message.rowMode === "array" ? { rowMode: "array" } : {})
      return port.postMessage({ kind: "results", results } satisfies FromDatabase)
    }
    case "dump": {
      const parts = await dump(opened())
      return port.postMessage(
        { kind: "dumped", parts } satisfies FromDatabase,
        parts.map((part) => part.buffer as ArrayBuffer)
      )
    }
    case "close":
      await opened().close()
      db = undefined
      return port.postMessage({ kind: "closed" } satisfies FromDatabase)
  }
}

port.on("message", (message: ToDatabase) => {
  handle(message).catch((error: unknown) => port.postMessage({ kind: "failed", fault: faultOf(error) } satisfies FromDatabase))
})
