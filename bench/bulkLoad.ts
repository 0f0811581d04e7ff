/**
 * `pnpm bench:bulkLoad` (issue 13): an insured roster of `BENCH_ROWS` rows (default 100k) uploaded
 * and loaded end to end (upload → job done, not a dry run) against exceljs's streaming reader going
 * over every row of the same file, measured in the same run; the server's peak RSS; how long a case
 * list waits during a second upload (`BENCH_LIST_ROWS`, default 20k); the review of a 10-row file
 * against the plan the load filled (issue 31: the insured it leaves out and the load's rows, any
 * page, p99 ≤ 1 s, while another user's case list answers within 100 ms). With
 * DATABASE_URL set, also two API processes on one PostgreSQL: the one loading is killed halfway and
 * the other takes the job over; rows lost or doubled must be 0. Goals: ≥ 0.6× the raw read on
 * PostgreSQL, ≥ 0.4× on PGlite; ≤ 400 MB.
 */
import { spawnSync } from "node:child_process"
import { readFileSync, rmSync } from "node:fs"
import { availableParallelism } from "node:os"
import { PassThrough, Readable } from "node:stream"
import ExcelJS from "exceljs"
import { clientAs, demo, signIn } from "../packages/server/test/support/api.ts"
import { rutOf } from "../packages/server/test/support/catalogFixture.ts"
import { psql } from "../packages/server/test/support/psql.ts"
import { rosterForm, rosterPlan } from "../packages/server/test/support/roster.ts"
import { startServerProcess } from "../packages/server/test/support/serverProcess.ts"
import { envInt, log, runBench } from "./pagedReads.ts"

const rows = envInt("BENCH_ROWS", 100_000, 1_000, 200_000)
const takeoverRows = envInt("BENCH_TAKEOVER_ROWS", 20_000, 2_000, 200_000)
const listRows = envInt("BENCH_LIST_ROWS", 20_000, 1_000, 200_000)
/** Reads of each kind in the review of a small file (issue 31). */
const REVIEW_READS = envInt("BENCH_REVIEW_READS", 100, 10, 10_000)
const REVIEW_ROWS = 10
const REVIEW_GOAL_MS = 1_000
const LIST_GOAL_MS = 100
const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"
const goal = engine === "PostgreSQL" ? 0.6 : 0.4
const RSS_GOAL_MB = 400
/**
 * Short, so that the surviving process takes a dead one's job over within seconds; longer than a
 * batch takes here, or the other process takes the job while its holder is still writing.
 */
const env = { PALMA_JOB_LEASE_SECONDS: "5" }

const FORMAT = [
  { field_id: "rut", header: "RUT Asegurado", required: true },
  { field_id: "name", header: "Nombres", required: true },
  { field_id: "paternalLastName", header: "Apellido Paterno", required: true },
  { field_id: "maternalLastName", header: "Apellido Materno", required: false },
  { field_id: "email", header: "Correo", required: false },
  { field_id: "district", header: "Comuna", required: false },
  { field_id: "initialDate", header: "Inicio Vigencia", required: false }
]

type Server = Awaited<ReturnType<typeof startServerProcess>>
interface Job {
  readonly status: string
  readonly succeeded: number
  readonly total: number
  readonly error: number
  readonly message: string | null
  readonly counts: { readonly missing: number }
}

/** A line of `/proc/<pid>/status` (Linux), in MB. */
const memoryMb = (pid: number | undefined, field: "VmHWM" | "VmRSS") => {
  if (pid === undefined) return Number.NaN
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith(`${field}:`))
  return Number(line?.replace(/\D+/g, "") ?? Number.NaN) / 1024
}

/** `n` RUT bodies from `start`. */
const range = (start: number, n: number) => Array.from({ length: n }, (_, i) => start + i)

/** A valid row for each RUT body, written with exceljs's streaming writer as a channel's system would. */
const roster = async (bodies: ReadonlyArray<number>): Promise<Uint8Array> => {
  const out = new PassThrough()
  const chunks: Buffer[] = []
  out.on("data", (chunk: Buffer) => chunks.push(chunk))
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false, useStyles: false })
  const sheet = workbook.addWorksheet("Asegurados")
  sheet.addRow(FORMAT.map((f) => f.header)).commit()
  const now = new Date()
  // The first of this month: a policy in force today, whatever day the bench runs.
  const start1st = `01-${String(now.getMonth() + 1).padStart(2, "0")}-${now.getFullYear()}`
  const comunas = ["Ñuñoa", "Providencia", "13101", "Maipú", "La Florida"]
  for (const [i, body] of bodies.entries()) {
    sheet.addRow([rutOf(body), `Persona ${i}`, "Carga", "Masiva", `persona${i}@correo.cl`, comunas[i % comunas.length]!, start1st]).commit()
  }
  sheet.commit()
  await workbook.commit()
  return new Uint8Array(Buffer.concat(chunks))
}

/** exceljs's streaming reader over every row of every sheet: the floor for reading the roster. */
const rawRead = async (bytes: Uint8Array) => {
  const started = performance.now()
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([Buffer.from(bytes)]), {
    worksheets: "emit",
    sharedStrings: "cache",
    styles: "cache",
    hyperlinks: "ignore",
    entries: "emit"
  })
  let count = 0
  for await (const sheet of reader) for await (const row of sheet) count += row.cellCount > 0 ? 1 : 0
  return { ms: performance.now() - started, count }
}

/**
 * The job as the API answers it. No client timeout: on PGlite a request may wait for the loading
 * worker's batches, and a fresh connection each time keeps a stale keep-alive socket out of it.
 */
const jobOf = async (server: Server, token: string, id: string): Promise<Job> => {
  const response = await fetch(`${server.url}/api/retail/uploads/${id}`, { headers: { authorization: `Bearer ${token}`, connection: "close" } })
  if (!response.ok) throw new Error(`La carga ${id} respondió ${response.status}`)
  return (await response.json()) as Job
}

const finished = (job: Job) => job.status === "done" || job.status === "failed" || job.status === "cancelled"

const pollUntil = async (server: Server, token: string, id: string, until: (job: Job) => boolean) => {
  for (;;) {
    const job = await jobOf(server, token, id)
    if (until(job) || finished(job)) return job
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** A plan with the bench's file format, through the API as an admin sets it up. */
const preparePlan = (server: Server, token: string, tag: string, rutBody: number) => rosterPlan(clientAs(server.url, token), tag, rutBody, FORMAT)

const upload = async (server: Server, token: string, plan: { retailId: string; planId: string }, bytes: Uint8Array, dryRun = false) => {
  const response = await fetch(`${server.url}/api/retail/addLeadFromExcel`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: rosterForm({ retailId: plan.retailId, planId: plan.planId, dryRun }, bytes)
  })
  if (!response.ok) throw new Error(`La subida respondió ${response.status}: ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

/** psql's unaligned answer, one array of fields per line. */
const query = (url: string, sql: string) => {
  const result = spawnSync("psql", [url, "-v", "ON_ERROR_STOP=1", "-At", "-F", "\t", "-c", sql], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 })
  if (result.status !== 0) throw new Error(`psql falló: ${result.stderr}`)
  return result.stdout
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => line.split("\t"))
}

type Cleanups = Array<() => Promise<void> | void>

/** A new database, migrated and seeded by a first server process; the caller's cleanups remove it. */
const seededServer = async (cleanups: Cleanups) => {
  const server = await startServerProcess({ keep: true, env })
  cleanups.unshift(() => server.stop())
  cleanups.push(() => rmSync(server.dataDir, { recursive: true, force: true }))
  const databaseUrl = server.databaseUrl
  if (databaseUrl !== undefined)
    cleanups.push(() => psql(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`))
  return server
}

/** Latencies in ms, sorted once: p50, p99 and the worst, and how many. */
const summary = (ms: Array<number>) => {
  const sorted = [...ms].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
  return { p50: at(0.5), p99: at(0.99), max: at(1), count: sorted.length }
}
type Summary = ReturnType<typeof summary>
const shown = (s: Summary) => `${s.p50.toFixed(0)} / ${s.p99.toFixed(0)} / ${s.max.toFixed(0)} ms (${s.count})`

/** A GET answered in full, in ms; a failure ends the bench. */
const timedGet = async (server: Server, token: string, path: string) => {
  const asked = performance.now()
  const response = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${token}` } })
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`${path} respondió ${response.status}`)
  return performance.now() - asked
}

/**
 * Another user opens the case list (20 a page), one request after the other, while `work` runs:
 * how long they wait. Its first, cold read is not counted as the work's doing.
 */
const caseListWhile = async <A>(server: Server, token: string, work: () => Promise<A>) => {
  const list = () => timedGet(server, token, "/api/case/getAll?page=1&records=20")
  await list()
  let working = true
  const waits: Array<number> = []
  const otherUser = (async () => {
    while (working) {
      waits.push(await list())
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const result = await work().finally(() => (working = false))
  await otherUser
  return { result, waits: summary(waits) }
}

/**
 * Another upload of `listRows` rows while another user opens the case list: how long they wait
 * while a roster is read and written. Apart from the measured load, whose ratio is the upload alone.
 */
const listDuringUpload = async (server: Server, token: string) => {
  const plan = await preparePlan(server, token, "Lista", 76555666)
  const bytes = await roster(range(30_000_000, listRows))
  const { result: job, waits } = await caseListWhile(server, token, async () => pollUntil(server, token, await upload(server, token, plan, bytes), () => false))
  if (job.status !== "done") throw new Error(`La segunda carga terminó ${job.status}: ${job.message ?? ""}`)
  return waits
}

/** A page number in 1..pages, spread over the whole list (the first and the last among them). */
const pageAt = (i: number, pages: number) => (i % 5 === 0 ? 1 : i % 5 === 1 ? pages : 1 + Math.floor(Math.random() * pages))

/**
 * The review of a small file (`REVIEW_ROWS` of the plan's people) against the plan the load filled:
 * a dry run, then an admin reads its diff as the screen does (the insured it leaves out, ten a page,
 * any page) and the big load's rows (20 a page, any page, all or the failed), while another user
 * lists cases. Issue 31: this review held the server for 727 s on PGlite.
 */
const reviewOfSmallFile = async (server: Server, token: string, plan: { retailId: string; planId: string }, loadId: string) => {
  const people = Array.from({ length: REVIEW_ROWS }, (_, i) => 20_000_000 + Math.floor((i * rows) / REVIEW_ROWS))
  const checked = await upload(server, token, plan, await roster(people), true)
  const job = await pollUntil(server, token, checked, (j) => j.status === "ready")
  if (job.status !== "ready") throw new Error(`La revisión terminó ${job.status}: ${job.message ?? ""}`)
  const missingPages = Math.max(1, Math.ceil(job.counts.missing / 10))
  const rowPages = Math.ceil(rows / 20)
  const missing: Array<number> = []
  const diff: Array<number> = []
  const { waits } = await caseListWhile(server, token, async () => {
    for (let i = 0; i < REVIEW_READS; i++) {
      missing.push(await timedGet(server, token, `/api/retail/uploads/${checked}/missing?page=${pageAt(i, missingPages)}&pageSize=10`))
      diff.push(await timedGet(server, token, `/api/retail/uploads/${loadId}/rows?page=${pageAt(i, rowPages)}&pageSize=20`))
    }
    diff.push(await timedGet(server, token, `/api/retail/uploads/${loadId}/rows?outcome=failed&page=1&pageSize=20`))
    diff.push(await timedGet(server, token, `/api/retail/uploads?page=1&pageSize=20`))
  })
  return { missingCount: job.counts.missing, missing: summary(missing), diff: summary(diff), waits }
}

/**
 * The server as it runs day to day: seeded once by another process, then started again on the
 * same data. Seeding the demo in one go grows the process for good (PGlite's memory never
 * shrinks), which is the first start's cost, not an upload's.
 */
const restartedServer = async (cleanups: Cleanups) => {
  const seeding = await seededServer(cleanups)
  const seedPeak = memoryMb(seeding.pid, "VmHWM")
  await seeding.stop()
  const server = await startServerProcess({
    keep: true,
    dataDir: seeding.dataDir,
    env: { ...env, ...(seeding.databaseUrl ? { DATABASE_URL: seeding.databaseUrl } : {}) }
  })
  cleanups.unshift(() => server.stop())
  return { server, seedPeak }
}

/** Two processes on one PostgreSQL: kill the one loading halfway, the other completes the job. */
const takeover = async (cleanups: Cleanups) => {
  const a = await seededServer(cleanups)
  const databaseUrl = a.databaseUrl!
  const b = await startServerProcess({ env: { ...env, DATABASE_URL: databaseUrl } })
  cleanups.unshift(() => b.stop())
  const [tokenA, tokenB] = [await signIn(a.url, demo.admin), await signIn(b.url, demo.admin)]
  const plan = await preparePlan(a, tokenA, "Relevo", 76555444)
  const start = 21_000_000
  const people = new Set(Array.from({ length: takeoverRows }, (_, i) => rutOf(start + i)))
  log(`  dos procesos: ${takeoverRows} filas, subidas al primero…`)
  const id = await upload(a, tokenA, plan, await roster(range(start, takeoverRows)))
  // Which process holds the job: its lease owner, to see the other one take it.
  const ownerOf = () => query(databaseUrl, `SELECT COALESCE(owner, '') FROM bulk_load_job WHERE id = '${id}'`)[0]?.[0] ?? ""
  const ownersBeforeKill = new Set<string>()
  const half = await pollUntil(a, tokenA, id, (job) => {
    if (job.status === "loading") ownersBeforeKill.add(ownerOf())
    return job.status === "loading" && job.succeeded >= takeoverRows / 2
  })
  if (finished(half)) throw new Error(`La carga terminó (${half.status}) antes de poder matar el primer proceso`)
  const ownerAtKill = ownerOf()
  ownersBeforeKill.add(ownerAtKill)
  process.kill(a.pid!, "SIGKILL")
  const killedAt = performance.now()
  await a.stop()
  log(`  primer proceso muerto con ${half.succeeded} filas (o más) cargadas; esperando al segundo…`)
  let takenAfterS = Number.NaN
  const done = await pollUntil(b, tokenB, id, (job) => {
    const owner = Number.isNaN(takenAfterS) ? ownerOf() : ""
    if (owner !== "" && owner !== ownerAtKill) takenAfterS = (performance.now() - killedAt) / 1000
    return finished(job)
  })
  // Every subscription the plan holds, by the RUT of its customer.
  const counts = new Map(
    query(
      databaseUrl,
      `SELECT c.rut, count(*) FROM lead l JOIN customer c ON c.id = l.customer_id WHERE l.product_plan_id = '${plan.planId}' GROUP BY c.rut`
    ).map(([rut, n]) => [rut!, Number(n)])
  )
  const lost = [...people].filter((rut) => !counts.has(rut)).length
  const doubled = [...counts.values()].reduce((sum, n) => sum + n - 1, 0)
  const strangers = [...counts.keys()].filter((rut) => !people.has(rut)).length
  return { done, succeededAtKill: half.succeeded, takenAfterS, ownersBeforeKill: ownersBeforeKill.size, lost, doubled, strangers }
}

process.exitCode = await runBench(async (cleanups) => {
  log(`Bench de carga de asegurados: ${engine}, ${rows} filas, Node ${process.version}, ${availableParallelism()} CPU`)
  log("Migrando y sembrando una base nueva, y arrancando el servidor de nuevo sobre ella…")
  const { server, seedPeak } = await restartedServer(cleanups)
  const token = await signIn(server.url, demo.admin)
  const plan = await preparePlan(server, token, "Bench", 76555333)

  log(`Generando la nómina de ${rows} filas…`)
  const bytes = await roster(range(20_000_000, rows))
  log("  lectura de referencia con exceljs (dos veces; cuenta la más rápida)…")
  const raws = [await rawRead(bytes), await rawRead(bytes)]
  const raw = raws[0]!.ms <= raws[1]!.ms ? raws[0]! : raws[1]!
  if (raw.count !== rows + 1) throw new Error(`exceljs leyó ${raw.count} filas y el archivo tiene ${rows + 1}`)

  const rssBefore = memoryMb(server.pid, "VmHWM")
  let rssPeak = memoryMb(server.pid, "VmRSS")
  // VmHWM also counts the start: sampling VmRSS shows the load's own peak.
  // Where the time goes: the job turns to loading once the whole file is read and compared.
  let readMs = Number.NaN
  let rssReadPeak = rssPeak
  const sampler = setInterval(() => {
    const rss = memoryMb(server.pid, "VmRSS")
    rssPeak = Math.max(rssPeak, rss)
    if (Number.isNaN(readMs)) rssReadPeak = Math.max(rssReadPeak, rss)
  }, 100)
  log("  subiendo y cargando (de la subida a la carga terminada)…")
  const started = performance.now()
  const id = await upload(server, token, plan, bytes)
  const answeredMs = performance.now() - started
  const job = await pollUntil(server, token, id, (j) => {
    if (j.status === "loading" && Number.isNaN(readMs)) readMs = performance.now() - started
    return false
  })
  const loadMs = performance.now() - started
  clearInterval(sampler)
  const rssAfter = memoryMb(server.pid, "VmHWM")
  if (job.status !== "done") throw new Error(`La carga terminó ${job.status}: ${job.message ?? ""}`)
  // A valid row refused is reported, not fatal: exceljs's stream reader can split a multibyte
  // character at a 16 KB chunk boundary ("Ñu��oa"), see the README.
  if (job.succeeded !== rows) {
    const failed = await fetch(`${server.url}/api/retail/uploads/${id}/rows?outcome=failed&pageSize=5`, { headers: { authorization: `Bearer ${token}` } })
    log(`  ${rows - job.succeeded} filas rechazadas; las primeras: ${await failed.text()}`)
  }

  const rate = (ms: number) => Math.round(rows / (ms / 1000))
  const ratio = raw.ms / loadMs
  const pass = (ok: boolean) => (ok ? "PASS" : "MISS")
  console.log(`\n${engine}, nómina de ${rows} filas (${(bytes.length / 1048576).toFixed(1)} MB), ${FORMAT.length} columnas.`)
  console.log("medida                                   valor          meta        resultado")
  console.log("---------------------------------------  -------------  ----------  ---------")
  console.log(`exceljs, lectura en streaming           ${(raw.ms / 1000).toFixed(1).padStart(7)} s ${String(rate(raw.ms)).padStart(7)} filas/s`)
  console.log(`filas cargadas / rechazadas (todas válidas)  ${`${job.succeeded} / ${job.error}`.padStart(13)}    ${rows} / 0`)
  console.log(`carga de punta a punta (subida → fin)   ${(loadMs / 1000).toFixed(1).padStart(7)} s ${String(rate(loadMs)).padStart(7)} filas/s`)
  console.log(`  de ella: subida respondida            ${(answeredMs / 1000).toFixed(1).padStart(7)} s`)
  console.log(`  de ella: archivo leído y comparado     ${(readMs / 1000).toFixed(1).padStart(7)} s`)
  console.log(`  de ella: filas escritas                ${((loadMs - readMs) / 1000).toFixed(1).padStart(7)} s`)
  console.log(`razón (carga ÷ exceljs, filas/s)        ${ratio.toFixed(2).padStart(9)} ×    ≥ ${goal} ×     ${pass(ratio >= goal)}`)
  console.log(`RSS máxima al sembrar (otro proceso)    ${seedPeak.toFixed(0).padStart(9)} MB`)
  console.log(`RSS máxima del servidor antes           ${rssBefore.toFixed(0).padStart(9)} MB`)
  console.log(`RSS máxima durante la carga (VmRSS)     ${rssPeak.toFixed(0).padStart(9)} MB   ≤ ${RSS_GOAL_MB} MB   ${pass(rssPeak <= RSS_GOAL_MB)}`)
  console.log(`${"  de ella: mientras se leía el archivo".padEnd(40)}${rssReadPeak.toFixed(0).padStart(9)} MB`)
  console.log(`RSS máxima del proceso (VmHWM)          ${rssAfter.toFixed(0).padStart(9)} MB   ≤ ${RSS_GOAL_MB} MB   ${pass(rssAfter <= RSS_GOAL_MB)}`)

  log(`  revisión de un archivo de ${REVIEW_ROWS} filas contra el plan de ${rows} asegurados, mientras otro usuario abre la lista de casos…`)
  const review = await reviewOfSmallFile(server, token, plan, id)
  console.log(`\nrevisión de un archivo de ${REVIEW_ROWS} filas contra ${rows} asegurados (${review.missingCount} no vienen); p50 / p99 / máx. (pedidos):`)
  console.log(
    `  no vienen en el archivo, 10 por página, cualquier página  ${shown(review.missing)}   p99 ≤ ${REVIEW_GOAL_MS} ms  ${pass(review.missing.p99 <= REVIEW_GOAL_MS)}`
  )
  console.log(
    `  filas de la carga de ${rows}, 20 por página; historial       ${shown(review.diff)}   p99 ≤ ${REVIEW_GOAL_MS} ms  ${pass(review.diff.p99 <= REVIEW_GOAL_MS)}`
  )
  console.log(
    `  lista de casos de otro usuario mientras tanto              ${shown(review.waits)}   p99 ≤ ${LIST_GOAL_MS} ms   ${pass(review.waits.p99 <= LIST_GOAL_MS)}`
  )

  log(`  otra carga de ${listRows} filas mientras otro usuario abre la lista de casos…`)
  const waits = await listDuringUpload(server, token)
  console.log(`lista de casos durante otra carga (${listRows} filas), p50 / p99 / máx. (pedidos): ${shown(waits)}`)

  if (engine !== "PostgreSQL") {
    console.log("\n(El relevo entre dos procesos solo se mide en PostgreSQL: PGlite admite un proceso por directorio de datos.)")
    return 0
  }
  const relay = await takeover(cleanups)
  console.log(`\nPostgreSQL, dos procesos de la API, ${takeoverRows} filas; el que cargaba muere a la mitad (SIGKILL).`)
  console.log("medida                                   valor       meta   resultado")
  console.log("---------------------------------------  ----------  -----  ---------")
  console.log(`filas cargadas al matarlo (al menos)     ${String(relay.succeededAtKill).padStart(10)}`)
  console.log(`procesos que la tuvieron antes de matar   ${String(relay.ownersBeforeKill).padStart(10)}  1      ${pass(relay.ownersBeforeKill === 1)}`)
  console.log(`el otro proceso la tomó tras             ${relay.takenAfterS.toFixed(1).padStart(8)} s`)
  console.log(`estado final, filas cargadas             ${`${relay.done.status} ${relay.done.succeeded}`.padStart(10)}`)
  console.log(`filas perdidas                           ${String(relay.lost).padStart(10)}  0      ${pass(relay.lost === 0)}`)
  console.log(`filas duplicadas                         ${String(relay.doubled).padStart(10)}  0      ${pass(relay.doubled === 0)}`)
  console.log(`suscripciones de RUT ajenos al archivo   ${String(relay.strangers).padStart(10)}  0      ${pass(relay.strangers === 0)}`)
  // Losing or doubling rows is a failure of the run, not a missed goal.
  return relay.done.status === "done" && relay.done.succeeded === takeoverRows && relay.lost + relay.doubled + relay.strangers === 0 ? 0 : 1
})
