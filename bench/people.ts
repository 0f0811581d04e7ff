/**
 * `pnpm bench:people` (issue 11 §5): customer and insured search by name and by RUT prefix over
 * ~100k titulares generated here, on the built server (PGlite, or PostgreSQL when DATABASE_URL is
 * set), at 8 connections; prints p99 per page against the 50 ms goal. See bench/README.md.
 */
import autocannon, { type Result } from "autocannon"
import { rmSync } from "node:fs"
import { availableParallelism } from "node:os"
import { demo, demoPassword } from "../packages/server/test/support/api.ts"
import { replacePeople } from "../packages/server/test/support/population.ts"
import { psql } from "../packages/server/test/support/psql.ts"
import { startServerProcess } from "../packages/server/test/support/serverProcess.ts"
import type { RunningServer } from "../packages/server/test/support/testServer.ts"

const envInt = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) throw new Error(`${name} debe ser un entero entre ${min} y ${max}, no "${raw}"`)
  return value
}

const durationS = envInt("BENCH_DURATION", 10, 1, 60)
const warmupS = envInt("BENCH_WARMUP", 2, 0, 10)
const connections = envInt("BENCH_CONNECTIONS", 8, 1, 256)
/** Customers generated: one in twelve a company with 3 to 12 titulares, so ~1.5 titulares each. */
const customers = envInt("BENCH_CUSTOMERS", 66_000, 100, 500_000)
const p99TargetMs = 50

const log = (line: string) => process.stderr.write(`${line}\n`)

const signIn = async (baseUrl: string) => {
  const response = await fetch(`${baseUrl}/api/auth/local/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demo.admin, password: demoPassword })
  })
  if (!response.ok) throw new Error(`El inicio de sesión respondió ${response.status}`)
  return ((await response.json()) as { token: string }).token
}

interface Row {
  readonly label: string
  readonly paths: ReadonlyArray<string>
}

const main = async (): Promise<number> => {
  const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"
  log(`Bench de personas: ${engine}, ${connections} conexiones, ${warmupS} s + ${durationS} s por fila, Node ${process.version}, ${availableParallelism()} CPU`)
  let server: RunningServer | undefined
  const cleanups: Array<() => Promise<void> | void> = []
  try {
    log("Migrando y sembrando una base nueva…")
    const first = await startServerProcess({ keep: true })
    await first.stop()
    cleanups.push(() => rmSync(first.dataDir, { recursive: true, force: true }))
    if (process.env.DATABASE_URL && first.databaseUrl) {
      const name = new URL(first.databaseUrl).pathname.slice(1)
      cleanups.push(() => psql(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
    }
    log(`Generando ${customers} clientes…`)
    const started = Date.now()
    const population = await replacePeople(first, customers, 7)
    log(`  ${population.customers} clientes, ${population.insured} titulares en ${((Date.now() - started) / 1000).toFixed(1)} s`)

    server = await startServerProcess({ dataDir: first.dataDir, keep: true, ...(first.databaseUrl ? { env: { DATABASE_URL: first.databaseUrl } } : {}) })
    const headers = { authorization: `Bearer ${await signIn(server.url)}` }

    // What operators type: a surname (some with accents left out), a first name, the first digits of a RUT.
    const names = ["gonzalez", "munoz", "rojas diaz", "Pérez", "maria jose", "soto", "valenzuela", "ibanez"]
    const ruts = population.ruts.filter((_, i) => i % 9973 === 0).map((rut) => rut.slice(0, 5))
    const page = "records=20&page=1"
    const rows: ReadonlyArray<Row> = (["customer", "insured"] as const).flatMap((kind) => [
      { label: `${kind} por nombre`, paths: names.map((n) => `/api/${kind}/getByRutOrName?name=${encodeURIComponent(n)}&${page}`) },
      { label: `${kind} por RUT (5 dígitos)`, paths: ruts.map((r) => `/api/${kind}/getByRutOrName?rut=${r}&${page}`) }
    ])
    for (const row of rows) {
      for (const path of row.paths) {
        const response = await fetch(server.url + path, { headers })
        if (!response.ok) throw new Error(`${path} respondió ${response.status}`)
      }
    }

    const failures: string[] = []
    const results: Array<{ row: Row; result: Result }> = []
    for (const row of rows) {
      const run = (seconds: number) =>
        autocannon({ url: server!.url, connections, duration: seconds, headers, requests: row.paths.map((path) => ({ method: "GET" as const, path })) })
      if (warmupS > 0) await run(warmupS)
      log(`  midiendo ${row.label} (${durationS} s)…`)
      const result = await run(durationS)
      if (result.errors || result.timeouts || result.non2xx)
        failures.push(`${row.label}: ${result.errors} errores, ${result.timeouts} timeouts, ${result.non2xx} no-2xx`)
      results.push({ row, result })
    }

    console.log("")
    console.log(
      `${engine}, ${population.insured} titulares y ${population.customers} clientes; ${connections} conexiones, ${durationS} s por fila, 20 por página.`
    )
    const header = ["búsqueda", "req/s", "p50 ms", "p99 ms", `p99 ≤ ${p99TargetMs} ms`]
    const lines = results.map(({ row, result }) => [
      row.label,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      result["2xx"] > 0 && result.latency.p99 <= p99TargetMs ? "PASS" : "MISS"
    ])
    const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)))
    for (const line of [header, widths.map((w) => "-".repeat(w)), ...lines])
      console.log(line.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  "))
    if (failures.length > 0) {
      console.log("\nPeticiones fallidas o no-2xx:")
      for (const failure of failures) console.log(`  ${failure}`)
      return 1
    }
    return 0
  } catch (error) {
    console.error(`El bench falló: ${error instanceof Error ? error.message : String(error)}`)
    if (server) console.error(server.output().split("\n").slice(-20).join("\n"))
    return 1
  } finally {
    await server?.stop()
    for (const cleanup of cleanups) await cleanup()
  }
}

process.exitCode = await main()
