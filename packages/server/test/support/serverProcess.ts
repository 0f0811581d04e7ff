import { type ChildProcess, spawn } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

import { psql } from "./psql.js"
import type { RunningServer } from "./startServer.js"

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
const freshDatabase = (baseUrl: string) => {
  const name = `palma_t_${randomBytes(6).toString("hex")}`
  psql(baseUrl, `CREATE DATABASE ${name}`)
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => psql(baseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) }
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once("exit", () => resolve())))

/**
 * Starts the real server process (same entry point as `pnpm start`) on a free
 * port with a fresh data dir, and waits until it answers. `DATABASE_URL` from
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
  } = {}
): Promise<RunningServer & { readonly pid: number | undefined }> => {
  const port = await freePort()
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "palma-test-"))
  const url = `http://127.0.0.1:${port}`
  const database = process.env.DATABASE_URL && !options.env?.DATABASE_URL ? freshDatabase(process.env.DATABASE_URL) : undefined
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
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...options.env
    },
    stdio: ["ignore", "pipe", "pipe"]
  })
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()))
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM")
    await exited(child)
    if (options.keep) return
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    database?.drop()
  }

  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`El servidor terminó al iniciar (código ${child.exitCode}):\n${output}`)
    try {
      const response = await fetch(`${url}/api/auth/config`, { signal: AbortSignal.timeout(1000) })
      if (response.ok) return { url, dataDir, databaseUrl: database?.url ?? options.env?.DATABASE_URL, output: () => output, stop, pid: child.pid }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  await stop()
  throw new Error(`El servidor no respondió a tiempo:\n${output}`)
}
