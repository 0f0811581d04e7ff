import { readFile } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import type { ResourceLimits, Worker } from "node:worker_threads"
import { startThread } from "../thread/startThread.js"
import type { FromDatabase, StatementFault, ToDatabase } from "./pgliteMessages.js"

/** Node's WebAssembly object: the server's type libraries (no DOM) declare its types but not the object. */
const wasmApi = (globalThis as unknown as { readonly WebAssembly: { readonly compile: (bytes: Uint8Array) => Promise<WebAssembly.Module> } }).WebAssembly

/** PGlite's WASM compiled once per process: each thread (a test server, a restart) instantiates the same module instead of compiling 9 MB again. */
let compiled: Promise<WebAssembly.Module> | undefined
const pgliteWasm = () =>
  (compiled ??= readFile(join(dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite")), "pglite.wasm")).then((bytes) => wasmApi.compile(bytes)))

/** A database error from the thread as the Error it was there (its name, message and fields such as `code`). */
const errorOf = (fault: StatementFault): Error => Object.assign(new Error(fault.message), fault.fields, { name: fault.name })

/**
 * The database thread, one message at a time: `ask` answers the next message the thread sends,
 * `end` stops it wherever it is. `died` settles only if the thread ends without being asked to
 * (it crashed, ran out of memory): with why.
 */
export interface DatabaseThread {
  readonly ask: (message: ToDatabase, transfer?: ReadonlyArray<ArrayBuffer>) => Promise<Exclude<FromDatabase, { kind: "failed" }>>
  readonly end: () => Promise<void>
  readonly died: Promise<Error>
}

const answering = (worker: Worker): DatabaseThread => {
  let pending: { resolve: (answer: FromDatabase) => void; reject: (error: Error) => void } | undefined
  const settle = (settleWith: (waiting: NonNullable<typeof pending>) => void) => {
    const waiting = pending
    pending = undefined
    worker.unref()
    if (waiting !== undefined) settleWith(waiting)
  }
  let gone: Error | undefined
  let ending = false
  let died: (error: Error) => void = () => undefined
  /** Why the thread failed before it exited (an uncaught error, its heap's limit), if it said so. */
  let failure: Error | undefined
  worker.on("message", (answer: FromDatabase) => settle((waiting) => waiting.resolve(answer)))
  worker.on("error", (error) => (failure = error))
  worker.on("exit", (code) => {
    gone = new Error(`El hilo de la base de datos terminó (código ${code}${failure ? `: ${failure.message}` : ""})`)
    // Who watches `died` hears first (its reaction is queued before the answer's), so it can fail the statement with why.
    if (!ending) died(gone)
    settle((waiting) => waiting.reject(gone!))
  })
  return {
    ask: (message, transfer = []) =>
      new Promise((resolve, reject) => {
        if (gone !== undefined) return reject(gone)
        // Referenced while it owes an answer: a script awaiting only the database must not end meanwhile.
        worker.ref()
        pending = { resolve: (answer) => (answer.kind === "failed" ? reject(errorOf(answer.fault)) : resolve(answer)), reject }
        worker.postMessage(message, transfer)
      }),
    end: async () => {
      ending = true
      await worker.terminate()
    },
    died: new Promise((resolve) => (died = resolve))
  }
}

/**
 * A thread with PGlite open on `dataDir` (or in its memory, from `cluster` when given). Idle, the
 * thread does not keep the process alive: the client ends it when its scope closes.
 */
export const openDatabaseThread = async (
  dataDir: string | undefined,
  cluster: ArrayBuffer | undefined,
  resourceLimits: ResourceLimits = {}
): Promise<DatabaseThread> => {
  const wasm = await pgliteWasm()
  // PGlite's memory is WASM memory, outside the thread's heap; its heap holds a statement's rows.
  const worker = startThread({ name: "pgliteWorker", source: new URL("./pgliteWorker.ts", import.meta.url) }, resourceLimits)
  const thread = answering(worker)
  try {
    await thread.ask({ kind: "open", dataDir, wasm, cluster }, cluster ? [cluster] : [])
  } catch (error) {
    await thread.end()
    throw error
  }
  return thread
}
