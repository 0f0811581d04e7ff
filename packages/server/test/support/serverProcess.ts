import { type ChildProcess, spawn, spawnSync } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdirSync, mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

import { psql } from "./psql.js"
import type { RunningServer } from "./startServer.js"
import type { Template } from "./testServer.js"

// The built server, as `pnpm start` runs it (`pnpm build` makes it).
const mainPath = fileURLToPath(new URL("../../dist/main.js", import.meta.url))

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))))
    })
  })

/**
 * With DATABASE_URL set, each server gets a database of its own on that
 * cluster, so suites stay independent as they are on PGlite.
 */
const freshDatabase = (baseUrl: string, template: Template | undefined) => {
  const name = `palma_t_${randomBytes(6).toString("hex")}`
  psql(baseUrl, `CREATE DATABASE ${name}${template?.kind === "postgres" ? ` TEMPLATE ${template.database}` : ""}`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => psql(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())))

/** The template's PGlite cluster written out as the data dir's database (`<dataDir>/pglite`, as Database.ts opens it). */
export const unpack = (template: Template, dataDir: string) => {
  if (template.kind !== "pglite") return
  const target = join(dataDir, "pglite")
  mkdirSync(target, { recursive: true })
  const result = spawnSync("tar", ["-xf", template.file, "-C", target], { encoding: "utf8" })
  if (result.status !== 0) throw new Error(`No se pudo desempaquetar la plantilla: ${result.stderr}`)
}

/** What main.ts prints once the server listens (after migrating and seeding). */
const listening = "Palma escuchando en "

/**
 * Starts the real server process (same entry point as `pnpm start`) on a free
 * port with a fresh data dir, and waits until it says it listens: a fresh data dir migrates and
 * seeds first, which on a loaded machine takes minutes, so the wait is for that line (or the
 * process's end), never a count of polls. `DATABASE_URL` from
 * the environment is passed through, so the same tests run on PostgreSQL.
 * Only for what a real process shows (start, lock, restart, signals, Clerk
 * mode); everything else uses the in-process `startServer`.
 */
export const startServerProcess = async (
  options: {
    env?: Record<string, string>
    dataDir?: string
    /** Keep the data dir and database after stop (restart tests); the caller cleans up. */
    keep?: boolean
    /**
     * Start from the run's migrated and seeded template (`inject("palmaTemplate")`) instead of
     * seeding a new data dir, which on a busy machine takes minutes: for tests about something else.
     */
    template?: Template
  } = {}
): Promise<
  RunningServer & {
    readonly pid: number | undefined
    /** How the process ended: its exit code, or the signal that killed it. */
    readonly exited: Promise<{ readonly code: number | null; readonly signal: NodeJS.Signals | null }>
  }
> => {
  const port = await freePort()
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "palma-test-"))
  const url = `http://127.0.0.1:${port}`
  const database = process.env.DATABASE_URL && !options.env?.DATABASE_URL ? freshDatabase(process.env.DATABASE_URL, options.template) : undefined
  if (options.template !== undefined && database === undefined) unpack(options.template, dataDir)
  let output = ""
  const child = spawn(process.execPath, [mainPath], {
    env: {
      ...process.env,
      PORT: String(port),
      PALMA_DATA_DIR: dataDir,
      PALMA_PUBLIC_URL: `http://localhost:${port}`,
      CLERK_AUTHORIZED_PARTIES: `http://localhost:${port},${url}`,
      // Suites and the bench sign in once and may run for minutes (unless a test asks for short tokens).
      PALMA_LOCAL_TOKEN_TTL_SECONDS: process.env.PALMA_LOCAL_TOKEN_TTL_SECONDS ?? "3600",
      // No balancer to warn: `stop` need not wait (the drain test sets its own).
      PALMA_DRAIN_SECONDS: "0",
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...options.env
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  // A test that times out while the process starts never gets to stop it: it ends with this one.
  const orphaned = () => child.kill("SIGKILL")
  process.once("exit", orphaned)
  const started = new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(listening)) resolve()
    })
    // "close", not "exit": its last words on stderr are read by then.
    child.once("close", (code) => reject(new Error(`El servidor terminó al iniciar (código ${code}):\n${output}`)))
  })
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
    await exited(child)
    process.off("exit", orphaned)
    if (options.keep) return
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    database?.drop()
  }

  try {
    await started
  } catch (error) {
    await stop()
    throw error
  }
  const ended = exited(child).then(() => ({ code: child.exitCode, signal: child.signalCode }))
  return { url, dataDir, databaseUrl: database?.url ?? options.env?.DATABASE_URL, output: () => output, stop, pid: child.pid, exited: ended }
}
