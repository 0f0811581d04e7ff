/**
 * `pnpm bench` (issue §8): autocannon on loopback against signed-in read
 * endpoints of the real server (PGlite), beside a bare node:http server that
 * returns the same bytes and the smallest Effect HttpApi server that does (the
 * platform's floor), measured in the same run. See bench/README.md.
 */
import autocannon, { type Result } from "autocannon"
import type { ChildProcess } from "node:child_process"
import { availableParallelism } from "node:os"
import { demo, demoPassword } from "../packages/server/test/support/api.ts"
import { startServerProcess } from "../packages/server/test/support/serverProcess.ts"
import type { RunningServer } from "../packages/server/test/support/testServer.ts"
import { capture, type Captured } from "./capture.ts"
import { sameResponse, startReference, stopChild } from "./reference.ts"

const endpoints = ["/api/family/list", "/api/district/listAll"] as const
type Target = "palma" | "effect" | "bare"
const targets: ReadonlyArray<Target> = ["palma", "effect", "bare"]
type Reference = Exclude<Target, "palma">
const p99TargetMs = 25

/** A whole number from the environment, within bounds, so the run stays bounded. */
const envInt = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name]
  if (raw === undefined || raw === "") return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} debe ser un entero entre ${min} y ${max}, no "${raw}"`)
  }
  return value
}

const durationS = envInt("BENCH_DURATION", 10, 1, 60)
const warmupS = envInt("BENCH_WARMUP", 2, 0, 10)
const connections = envInt("BENCH_CONNECTIONS", 32, 1, 256)

const log = (line: string) => process.stderr.write(`${line}\n`)

/** Local sign-in as the demo admin; `expiresAt` (ms) tells whether the token outlives the run. Never printed. */
const signInAdmin = async (baseUrl: string): Promise<{ token: string; expiresAt: number }> => {
  const response = await fetch(`${baseUrl}/api/auth/local/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demo.admin, password: demoPassword }),
    signal: AbortSignal.timeout(10_000)
  })
  if (!response.ok) throw new Error(`El inicio de sesión de ${demo.admin} respondió ${response.status}`)
  const issued = (await response.json()) as { token?: unknown; expiresAt?: unknown }
  if (typeof issued.token !== "string" || typeof issued.expiresAt !== "number") throw new Error("El inicio de sesión no devolvió un token")
  return { token: issued.token, expiresAt: issued.expiresAt }
}

/** Requests that did not end in a 2xx (autocannon records latencies of 2xx only). */
const failuresOf = (result: Result): string[] => {
  const problems: string[] = []
  if (result.errors) problems.push(`${result.errors} errores`)
  if (result.timeouts) problems.push(`${result.timeouts} timeouts`)
  if (result.resets) problems.push(`${result.resets} resets`)
  if (result.mismatches) problems.push(`${result.mismatches} mismatches`)
  if (result.non2xx) {
    const codes = Object.entries(result.statusCodeStats)
      .filter(([code]) => !code.startsWith("2"))
      .map(([code, { count }]) => `${count}×${code}`)
    problems.push(`${result.non2xx} no-2xx (${codes.join(", ")})`)
  }
  return problems
}

interface Measured {
  readonly endpoint: string
  readonly target: Target
  readonly result: Result
}

const pad = (cells: ReadonlyArray<string>, widths: ReadonlyArray<number>) =>
  cells.map((cell, i) => (i < 2 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ")

const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toPrecision(3)}×` : a > 0 ? "∞" : "—")

const printTable = (rows: ReadonlyArray<Measured>) => {
  const header = ["endpoint", "target", "req/s", "p50 ms", "p99 ms", "req/s ÷ bare", "p99 ÷ bare", "req/s ÷ effect", `p99 ≤ ${p99TargetMs} ms`]
  const lines = rows.map(({ endpoint, target, result }) => {
    const of = (reference: Reference) => rows.find((row) => row.endpoint === endpoint && row.target === reference)?.result
    const bare = of("bare")
    const effect = of("effect")
    const isPalma = target === "palma"
    return [
      `GET ${endpoint}`,
      target,
      result.requests.average.toFixed(0),
      String(result.latency.p50),
      String(result.latency.p99),
      target !== "bare" && bare ? ratio(result.requests.average, bare.requests.average) : "",
      target !== "bare" && bare ? ratio(result.latency.p99, bare.latency.p99) : "",
      isPalma && effect ? ratio(result.requests.average, effect.requests.average) : "",
      isPalma ? (result.latency.p99 <= p99TargetMs ? "PASS" : "MISS") : ""
    ]
  })
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] ?? "").length)))
  console.log(pad(header, widths))
  console.log(widths.map((w) => "-".repeat(w)).join("  "))
  for (const line of lines) console.log(pad(line, widths))
}

const main = async (): Promise<number> => {
  const planned = endpoints.length * targets.length * (warmupS + durationS)
  log(
    `Palma bench: ${connections} conexiones, ${warmupS} s de calentamiento + ${durationS} s por medición (~${planned} s), Node ${process.version}, ${availableParallelism()} CPU`
  )

  let palma: RunningServer | undefined
  const references: ChildProcess[] = []
  const cleanup = async () => {
    await Promise.all([palma?.stop(), ...references.map(stopChild)])
  }
  const interrupted = () => void cleanup().finally(() => process.exit(130))
  process.once("SIGINT", interrupted)
  process.once("SIGTERM", interrupted)

  try {
    log("Iniciando Palma (PGlite, datos de demostración)…")
    palma = await startServerProcess()

    const { token, expiresAt } = await signInAdmin(palma.url)
    const remainingS = (expiresAt - Date.now()) / 1000
    if (remainingS < planned + 30) {
      throw new Error(`El token vence en ${Math.floor(remainingS)} s y el bench dura ~${planned} s: suba PALMA_LOCAL_TOKEN_TTL_SECONDS o baje BENCH_DURATION`)
    }
    const headers = { authorization: `Bearer ${token}` }

    const captured = new Map<string, Captured>()
    for (const endpoint of endpoints) {
      const response = await capture(palma.url + endpoint, headers)
      if (response.status !== 200) throw new Error(`GET ${endpoint} respondió ${response.status}: ${response.body.toString().slice(0, 200)}`)
      captured.set(endpoint, response)
      log(`  GET ${endpoint}: ${response.body.length} bytes, ${response.headers["content-type"] ?? "sin content-type"}`)
    }

    const routes = [...captured].map(([path, response]) => ({ path, headers: response.headers, bodyBase64: response.body.toString("base64") }))
    const urls: Record<Target, string> = { palma: palma.url, effect: "", bare: "" }
    for (const reference of ["effect", "bare"] as const) {
      const started = await startReference(reference, routes)
      references.push(started.child)
      urls[reference] = started.url
      for (const [endpoint, response] of captured) {
        if (!sameResponse(response, await capture(started.url + endpoint, headers))) {
          throw new Error(`El servidor de referencia ${reference} no devuelve los mismos bytes para ${endpoint}`)
        }
      }
    }

    const rows: Measured[] = []
    const failures: string[] = []
    const run = async (endpoint: string, target: Target, seconds: number, label: string) => {
      const result = await autocannon({ url: urls[target] + endpoint, connections, duration: seconds, headers })
      const problems = failuresOf(result)
      if (problems.length > 0) failures.push(`${label} GET ${endpoint} en ${target}: ${problems.join(", ")}`)
      return result
    }
    for (const endpoint of endpoints) {
      for (const target of targets) {
        if (warmupS > 0) {
          log(`  calentando GET ${endpoint} en ${target} (${warmupS} s)…`)
          await run(endpoint, target, warmupS, "calentamiento")
        }
        log(`  midiendo GET ${endpoint} en ${target} (${durationS} s)…`)
        rows.push({ endpoint, target, result: await run(endpoint, target, durationS, "medición") })
      }
    }

    console.log("")
    console.log(`${connections} conexiones, ${durationS} s por fila, loopback 127.0.0.1; latencias en ms enteros (resolución de autocannon).`)
    console.log(`autocannon, Palma y el servidor de referencia comparten ${availableParallelism()} CPU.`)
    printTable(rows)

    if (failures.length > 0) {
      console.log("")
      console.log("Peticiones fallidas o no-2xx:")
      for (const failure of failures) console.log(`  ${failure}`)
      return 1
    }
    return 0
  } catch (error) {
    console.error(`El bench falló: ${error instanceof Error ? error.message : String(error)}`)
    if (palma) console.error(palma.output().split("\n").slice(-20).join("\n"))
    return 1
  } finally {
    process.off("SIGINT", interrupted)
    process.off("SIGTERM", interrupted)
    await cleanup()
  }
}

process.exitCode = await main()
