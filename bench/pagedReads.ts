/**
 * What the people and case benches share: a fresh database migrated and seeded by the built
 * server, replaced with a generated population, the built server on it, and rows of GET paths
 * (or of writes) measured with autocannon at a few connections against a p99 goal.
 */
import autocannon, { type Request, type Result } from "autocannon"
import type { ChildProcess } from "node:child_process"
import { readFileSync, rmSync } from "node:fs"
import { demo, demoPassword } from "../packages/server/test/support/api.ts"
import { psql } from "../packages/server/test/support/psql.ts"
import { startServerProcess } from "../packages/server/test/support/serverProcess.ts"
import type { RunningServer } from "../packages/server/test/support/testServer.ts"
import { capture } from "./capture.ts"
import { type Reference, sameResponse, startReference, stopChild } from "./reference.ts"

export const envInt = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} debe ser un entero entre ${min} y ${max}, no "${raw}"`)
  return value
}

export const log = (line: string) => process.stderr.write(`${line}\n`)

/** Linux's clock ticks per second in /proc (USER_HZ: 100 on every mainstream architecture). */
const USER_HZ = 100

/** A process's CPU time so far (user + system), in seconds. */
export const cpuSeconds = (pid: number): number => {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
  // After "pid (name) " come the fields from the 3rd on: utime is the 14th, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return (Number(fields[11]) + Number(fields[12])) / USER_HZ
}

/** The process's peak resident memory so far (Linux), in MB. */
export const peakRssMb = (pid: number | undefined) => {
  if (pid === undefined) return Number.NaN
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmHWM:"))
  return Number(line?.replace(/\D+/g, "") ?? Number.NaN) / 1024
}

export interface Row {
  readonly label: string
  /** GET paths read in turn; or, for a write, `requests` built per request. */
  readonly paths: ReadonlyArray<string>
  readonly requests?: ReadonlyArray<Request>
  /** This row's goal, when it is not the bench's. */
  readonly p99TargetMs?: number
  /**
   * Also measured on the platform's floor: the smallest Effect HttpApi server answering the bytes
   * Palma returned for these paths (bench/effectServer.ts), so the goal reads as a ratio to it.
   */
  readonly floor?: boolean
  /** Also measured on a floor that does this row's database work too (e.g. caseOpenFloor.ts), started with `env`. */
  readonly databaseFloor?: { readonly reference: Reference; readonly env: Readonly<Record<string, string>> }
}

export interface Settings {
  readonly durationS: number
  readonly warmupS: number
  readonly connections: number
  readonly p99TargetMs: number
}

export const settingsFromEnv = (p99TargetMs: number): Settings => ({
  durationS: envInt("BENCH_DURATION", 10, 1, 60),
  warmupS: envInt("BENCH_WARMUP", 2, 0, 10),
  connections: envInt("BENCH_CONNECTIONS", 8, 1, 256),
  p99TargetMs
})

/** The demo admin's access token on `baseUrl`. */
export const signIn = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/api/auth/local/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demo.admin, password: demoPassword })
  })
  if (!response.ok) throw new Error(`El inicio de sesión respondió ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

/**
 * Migrates and seeds a new database with the built server, lets `populate` replace what it
 * needs while no server runs, then starts the built server on it signed in as the admin.
 * Answers the server, its auth headers and the cleanups to run at the end.
 */
export const preparedServer = async <P>(populate: (database: RunningServer) => Promise<P>) => {
  const cleanups: Array<() => Promise<void> | void> = []
  log("Migrando y sembrando una base nueva…")
  const first = await startServerProcess({ keep: true })
  await first.stop()
  cleanups.push(() => rmSync(first.dataDir, { recursive: true, force: true }))
  if (process.env.DATABASE_URL && first.databaseUrl) {
    const name = new URL(first.databaseUrl).pathname.slice(1)
    cleanups.push(() => psql(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  }
  const population = await populate(first)
  const server = await startServerProcess({ dataDir: first.dataDir, keep: true, ...(first.databaseUrl ? { env: { DATABASE_URL: first.databaseUrl } } : {}) })
  cleanups.unshift(() => server.stop())
  return { server, population, databaseUrl: first.databaseUrl, headers: { authorization: `Bearer ${await signIn(server.url)}` }, cleanups }
}

/**
 * The CPU time a process has used so far (Linux), in ms: user and system, 10 ms ticks. On a shared
 * machine a row's latency moves with what else runs; the server's CPU per request much less.
 */
const cpuMs = (pid: number | undefined) => {
  if (pid === undefined) return Number.NaN
  // Fields after the command's closing parenthesis: utime and stime are the 12th and 13th.
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ")
  return (Number(fields[11]) + Number(fields[12])) * 10
}

/** The platform's floor for `paths`: the smallest Effect server answering, checked, the bytes Palma answers now. */
const floorOf = async (
  baseUrl: string,
  headers: Record<string, string>,
  paths: ReadonlyArray<string>,
  reference: Reference = "effect",
  env: Readonly<Record<string, string>> = {}
) => {
  const captured = await Promise.all(paths.map(async (path) => ({ path, response: await capture(baseUrl + path, headers) })))
  const floor = await startReference(
    reference,
    captured.map(({ path, response }) => ({ path, headers: response.headers, bodyBase64: response.body.toString("base64") })),
    env
  )
  for (const { path, response } of captured) {
    if (!sameResponse(response, await capture(floor.url + path, headers))) {
      await stopChild(floor.child)
      throw new Error(`El piso Effect no devuelve los mismos bytes que Palma para ${path}`)
    }
  }
  return floor
}

const floorNames = { platform: "Effect, los mismos bytes", database: "Effect + la sentencia de Palma, los mismos bytes" }

/** Each row measured in turn (a warm-up first); the table printed; 1 if any request failed. */
export const measureRows = async (
  server: RunningServer & { readonly pid?: number | undefined },
  headers: Record<string, string>,
  rows: ReadonlyArray<Row>,
  settings: Settings,
  title: string
) => {
  for (const row of rows) {
    for (const path of row.paths) {
      const response = await fetch(server.url + path, { headers })
      if (!response.ok) throw new Error(`${path} respondió ${response.status}`)
    }
  }
  const failures: string[] = []
  /** Which floor a result was measured on, if any. */
  type Floor = "platform" | "database"
  type Measured = { row: Row; result: Result; cpuMsPerRequest: number; onFloor: Floor | null }
  const results: Array<Measured> = []
  const measure = async (row: Row, url: string, pid: number | undefined, onFloor: Floor | null) => {
    const run = (seconds: number) =>
      autocannon({
        url,
        connections: settings.connections,
        duration: seconds,
        headers,
        requests: row.requests ?? row.paths.map((path) => ({ method: "GET" as const, path }))
      })
    if (settings.warmupS > 0) await run(settings.warmupS)
    log(`  midiendo ${row.label}${onFloor === null ? "" : ` en el piso ${floorNames[onFloor]}`} (${settings.durationS} s)…`)
    const cpuBefore = cpuMs(pid)
    const result = await run(settings.durationS)
    const cpuMsPerRequest = (cpuMs(pid) - cpuBefore) / Math.max(result.requests.total, 1)
    if (result.errors || result.timeouts || result.non2xx)
      failures.push(`${row.label}: ${result.errors} errores, ${result.timeouts} timeouts, ${result.non2xx} no-2xx`)
    results.push({ row, result, cpuMsPerRequest, onFloor })
  }
  const onFloor = async (row: Row, kind: Floor, floor: { url: string; child: ChildProcess }) => {
    try {
      await measure(row, floor.url, floor.child.pid, kind)
    } finally {
      await stopChild(floor.child)
    }
  }
  for (const row of rows) {
    await measure(row, server.url, server.pid, null)
    if (row.floor) await onFloor(row, "platform", await floorOf(server.url, headers, row.paths))
    if (row.databaseFloor) await onFloor(row, "database", await floorOf(server.url, headers, row.paths, row.databaseFloor.reference, row.databaseFloor.env))
  }
  console.log("")
  console.log(title)
  const header = ["lectura", "req/s", "p50 ms", "p99 ms", "CPU ms/pet.", "p99 ÷ piso", "meta p99", "resultado"]
  const lines = results.map(({ row, result, cpuMsPerRequest, onFloor }) => {
    const target = row.p99TargetMs ?? settings.p99TargetMs
    const floor = results.find((other) => other.row === row && other.onFloor === "platform")?.result
    return [
      onFloor === null ? row.label : `  piso ${floorNames[onFloor]}`,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      Number.isNaN(cpuMsPerRequest) ? "—" : cpuMsPerRequest.toFixed(2),
      onFloor === null && floor && floor.latency.p99 > 0 ? `${(result.latency.p99 / floor.latency.p99).toFixed(1)}×` : "",
      onFloor !== null ? "" : `≤ ${target} ms`,
      onFloor !== null ? "" : result["2xx"] > 0 && result.latency.p99 <= target ? "PASS" : "MISS"
    ]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
  for (const line of [header, widths.map((w) => "-".repeat(w)), ...lines])
    console.log(line.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  "))
  if (failures.length === 0) return 0
  console.log("\nPeticiones fallidas o no-2xx:")
  for (const failure of failures) console.log(`  ${failure}`)
  return 1
}

/** Runs a bench's body, prints why it failed with the server's last lines, and always cleans up. */
export const runBench = async (body: (cleanups: Array<() => Promise<void> | void>) => Promise<number>) => {
  const cleanups: Array<() => Promise<void> | void> = []
  try {
    return await body(cleanups)
  } catch (error) {
    console.error(`El bench falló: ${error instanceof Error ? error.message : String(error)}`)
    return 1
  } finally {
    for (const cleanup of cleanups) await cleanup()
  }
}
