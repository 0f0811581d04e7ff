/**
 * `pnpm bench:cases` (issue 12 §5): the case list filtered by channel, stage and applicant name
 * over ~100k cases generated here through the event path, and opening a case with 200 events, on
 * the built server (PGlite, or PostgreSQL when DATABASE_URL is set) at 8 connections; and a step
 * on a case (issue 32), by Palma's step call and by the seed's whole-document upsert. Goals: p99
 * ≤ 50 ms per list page, ≤ 20 ms per case opened. See bench/README.md.
 */
import type { Request } from "autocannon"
import { availableParallelism } from "node:os"
import { newCase } from "../packages/server/test/support/caseFixture.ts"
import { replaceCases } from "../packages/server/test/support/population.ts"
import { envInt, log, measureRows, preparedServer, type Row, runBench, settingsFromEnv } from "./pagedReads.ts"

const settings = settingsFromEnv(50)
const count = envInt("BENCH_CASES", 100_000, 100, 1_000_000)
// Only the rows whose label contains one of these words (comma-separated), e.g. "abrir,paso": before/after runs of one row.
const only = (process.env.BENCH_ROWS ?? "")
  .split(",")
  .map((word) => word.trim())
  .filter((word) => word !== "")
const wanted = (row: Row) => only.length === 0 || only.some((word) => row.label.includes(word))

type Json = Record<string, unknown>

process.exitCode = await runBench(async (cleanups) => {
  const engine = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"
  log(
    `Bench de casos: ${engine}, ${settings.connections} conexiones, ${settings.warmupS} s + ${settings.durationS} s por fila, Node ${process.version}, ${availableParallelism()} CPU`
  )
  const prepared = await preparedServer(async (database) => {
    log(`Generando ${count} casos…`)
    const started = Date.now()
    const written = await replaceCases(database, count, 11)
    log(`  ${written.cases} casos y ${written.events} eventos en ${((Date.now() - started) / 1000).toFixed(1)} s`)
    return written
  })
  cleanups.push(...prepared.cleanups)
  const { server, headers } = prepared
  const get = async (path: string) => (await (await fetch(server.url + path, { headers })).json()) as Json
  const post = async (path: string, body: unknown) => {
    const response = await fetch(server.url + path, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(body) })
    if (!response.ok) throw new Error(`${path} respondió ${response.status}: ${await response.text()}`)
    return (await response.json()) as Json
  }

  // A case with 200 events: an open one, its event description rewritten by upsert until it has them.
  const recent = (await get("/api/case/getAll?records=50")) as { data: Array<Json> }
  const open = recent.data.find((row) => row.isClosed === false) ?? recent.data[0]!
  let state = await get(`/api/case/getById/${open.id as string}`)
  if ((state.status as { isClosed: boolean }).isClosed)
    state = await post("/api/case/upsert", { ...state, status: { isClosed: false, description: "Reabierto para el bench" } })
  log("  escribiendo 200 eventos en un caso…")
  while ((state.version as number) < 200) {
    state = await post("/api/case/upsert", { ...state, event: { ...(state.event as Json), description: `Seguimiento ${state.version as number}` } })
  }
  const target = state.case_id as string

  const origins = ((await get("/api/case/getOrigins")) as unknown as Array<Json>).map((o) => o.id as string)
  const stages = ((await get("/api/case/getStatus")) as unknown as Array<Json>).map((s) => s.id as string)
  const page = "records=20&page=1"
  const names = ["gonzalez", "munoz", "rojas", "Pérez", "soto", "maria"]
  const steps = await stepRows(server.url, get, headers, target)
  const rows: ReadonlyArray<Row> = [
    { label: "lista, sin filtros", paths: [`/api/case/getAll?${page}`, "/api/case/getAll?records=20&page=50"] },
    { label: "lista por canal", paths: origins.map((id) => `/api/case/getAll?retail_id=${id}&${page}`) },
    { label: "lista por etapa", paths: stages.map((id) => `/api/case/getAll?stage_id=${id}&${page}`) },
    { label: "lista por nombre", paths: names.map((n) => `/api/case/getAll?applicant_name=${encodeURIComponent(n)}&${page}`) },
    // The views every user has (issue 12 §3): the bench's user's open cases, and the pending refunds.
    { label: "vista «Mis casos abiertos»", paths: [`/api/case/getAll?status=open&mine=true&${page}`] },
    { label: "vista «Reembolsos pendientes»", paths: [`/api/case/getAll?refund_status=Pendiente&${page}`] },
    {
      label: "abrir caso de 200 eventos",
      paths: [`/api/case/getById/${target}`],
      p99TargetMs: 20,
      floor: true,
      // On PostgreSQL, also the floor that runs Palma's own statement for the case (the database's share).
      ...(prepared.databaseUrl === undefined
        ? {}
        : { databaseFloor: { reference: "caseOpen" as const, env: { FLOOR_DATABASE_URL: prepared.databaseUrl, FLOOR_AFTER: String(state.version) } } })
    },
    ...steps
  ].filter(wanted)
  const title = `${engine}, ${prepared.population.cases} casos (${prepared.population.events} eventos); ${settings.connections} conexiones, ${settings.durationS} s por fila, 20 por página.`
  return measureRows(server, headers, rows, settings, title)
})

/**
 * A step taken on 32 cases opened for it, each connection on a case of its own at a time (so no answer is a
 * 412): the case's procedure changed back and forth, which the lifecycle allows while nobody is
 * sent and no refund asked. Once as Palma's step call (one command, `If-Match`), once as the seed's
 * `case/upsert` with the whole case document, as the web sent every step before issue 32.
 */
async function stepRows(baseUrl: string, get: (path: string) => Promise<Json>, headers: Record<string, string>, sampleId: string): Promise<ReadonlyArray<Row>> {
  const procedures = (await get("/api/procedure/getAll")) as unknown as Array<{ id: string; code: string }>
  const toggle = ["refund", "imed"].map((code) => procedures.find((p) => p.code === code)!.id)
  // Cases of their own, opened as the original client does on a subscription the population has.
  const sample = (await get(`/api/case/getById/${sampleId}`)) as { insured: Json; retail: Json; product: Json; assistance: Json }
  const parties = {
    insured: sample.insured.id as string,
    retail: sample.retail.id as string,
    product: sample.product.id as string,
    assistance: sample.assistance.id as string
  }
  const free: Array<{ id: string; etag: string; document: Json; turn: number }> = []
  while (free.length < 32) {
    const response = await fetch(`${baseUrl}/api/case/upsert`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(newCase(parties, "Bench"))
    })
    if (!response.ok) throw new Error(`case/upsert respondió ${response.status}: ${await response.text()}`)
    const document = (await response.json()) as Json
    free.push({ id: document.case_id as string, etag: response.headers.get("etag")!, document, turn: 0 })
  }
  type Held = (typeof free)[number]
  const write = (build: (held: Held, procedureId: string) => Request): ReadonlyArray<Request> => [
    {
      method: "POST",
      path: "/",
      setupRequest: (_, context) => {
        const held = free.shift()!
        context.held = held
        held.turn += 1
        return build(held, toggle[held.turn % 2]!)
      },
      onResponse: (status, body, context, answer) => {
        const held = context.held as Held
        if (status === 200) {
          held.etag = answer.etag ?? held.etag
          held.document = JSON.parse(body) as Json
        }
        free.push(held)
      }
    }
  ]
  const json = { ...headers, "content-type": "application/json" }
  return [
    {
      label: "paso: cambiar procedimiento (step)",
      paths: [],
      requests: write((held, procedure_id) => ({
        method: "POST",
        path: `/api/case/${held.id}/step`,
        headers: { ...json, "if-match": held.etag },
        body: JSON.stringify({ type: "chooseProcedure", procedure_id })
      }))
    },
    {
      label: "paso: el mismo por case/upsert",
      paths: [],
      requests: write((held, procedure_id) => ({
        method: "POST",
        path: "/api/case/upsert",
        headers: { ...json, "if-match": held.etag },
        body: JSON.stringify({ ...held.document, procedure_id })
      }))
    }
  ]
}
