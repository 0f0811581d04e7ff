import ExcelJS from "exceljs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type BulkLoadJob, type Call } from "@palma/core"
import { clientAs, demoTokens, statusOf } from "../support/api.js"
import { type PlanFixture, rutOf } from "../support/catalogFixture.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { zip } from "../support/zip.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

let server: InProcessServer
let admin: Call
let operador: Call
let plan: PlanFixture
let adminToken: string
/** The plan's first value as a roster cell of its type, and as it is stored. */
let pet: { cell: (n: number) => string; stored: (n: number) => string }

const HEADERS = ["RUT Asegurado", "Nombres", "Apellido Paterno", "Correo", "Comuna", "Inicio Vigencia", "Nombre Mascota"]

beforeAll(async () => {
  server = await startServer()
  const tokens = await demoTokens(server.url)
  admin = clientAs(server.url, tokens.admin)
  adminToken = tokens.admin
  operador = clientAs(server.url, tokens.user)
  plan = await rosterPlan(admin, "Nómina", 76555111, (p) => [
    { field_id: "rut", header: "RUT Asegurado", required: true },
    { field_id: "name", header: "Nombres", required: true },
    { field_id: "paternalLastName", header: "Apellido Paterno", required: true },
    { field_id: "email", header: "Correo", required: false },
    { field_id: "district", header: "Comuna", required: false },
    { field_id: "initialDate", header: "Inicio Vigencia", required: false },
    { field_id: p.valueIds[0]!, header: "Nombre Mascota", required: false }
  ])
  const fields = await admin((c) => c.field.getByProductPlanId({ path: { productPlan_id: plan.planId } }))
  const type = fields.find((f) => f.field === plan.valueIds[0])?.valueType_code
  pet =
    type === "D"
      ? { cell: (n) => `${String(n).padStart(2, "0")}-01-2020`, stored: (n) => `2020-01-${String(n).padStart(2, "0")}` }
      : type === "N"
        ? { cell: (n) => String(n), stored: (n) => String(n) }
        : { cell: (n) => `Firulais ${n}`, stored: (n) => `Firulais ${n}` }
})
afterAll(() => server?.stop())

type Failure = { status: number; message: string; issues?: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }> }
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as Failure
  )

const upload = (bytes: Uint8Array, flags: { dryRun?: boolean; removeMissing?: boolean } = {}, fileName?: string) =>
  admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId, ...flags }, bytes, fileName) }))

const uploadSettled = async (bytes: Uint8Array, flags: { dryRun?: boolean; removeMissing?: boolean } = {}): Promise<BulkLoadJob> =>
  settled(admin, (await upload(bytes, flags)).id)

/** The plan's subscriptions in force, by RUT of their titular. */
const leadsByRut = () =>
  server
    .sql(
      (sql) =>
        sql<{ rut: string; leads: number }>`SELECT i.rut, count(DISTINCT l.id)::int AS leads FROM lead l
      JOIN lead_insured li ON li.lead_id = l.id JOIN insured i ON i.id = li.insured_id
      WHERE l.product_plan_id = ${plan.planId} AND l.end_date >= current_date GROUP BY i.rut`
    )
    .then((rows) => new Map(rows.map((r) => [r.rut, r.leads])))

const people = ruts(15_100_000, 3)

describe("insured upload (retail/addLeadFromExcel)", () => {
  it("a dry run reads every row, answers the original's total and error, explains each failure and writes nothing", async () => {
    const bytes = await rosterWorkbook(HEADERS, [
      [people[0]!, "Ana", "Muñoz", "ana@correo.cl", "Ñuñoa", "01-03-2026", pet.cell(1)],
      [people[1]!, "Beto", "Rojas", null, "13101", new Date(Date.UTC(2026, 2, 1)), null],
      ["12.345.678-0", "Carla", "Díaz", null, null, null, null],
      [people[2]!, "Dora", "Pérez", "no-es-correo", "Narnia", "31-02-2026", null],
      [people[0]!, "Ana", "Muñoz", null, null, null, null]
    ])
    const queued = await upload(bytes, { dryRun: true }, "nomina marzo.xlsx")
    expect(queued).toMatchObject({ fileName: "nomina marzo.xlsx", dryRun: true, retail_id: plan.retailId, productPlan_id: plan.planId })
    const job = await settled(admin, queued.id)
    expect(job).toMatchObject({ status: "ready", total: 5, error: 3, processed: 0, succeeded: 0 })
    expect(job.counts).toMatchObject({ new: 2, updated: 0, unchanged: 0, failed: 3 })

    const failed = await admin((c) => c.bulkLoad.uploadRows({ path: { id: job.id }, urlParams: { outcome: "failed" } }))
    expect(failed.items.map((r) => [r.row, r.reasons])).toEqual([
      [4, ["RUT Asegurado: El RUT no es válido"]],
      [5, ["Correo: Correo electrónico inválido", "Comuna: La comuna no existe en la lista oficial", "Inicio Vigencia: Fecha inválida (use dd-mm-aaaa)"]],
      [6, ["RUT: ya aparece en la fila 2"]]
    ])
    expect((await leadsByRut()).size).toBe(0)
  })

  it("confirmed, it loads the valid rows: people, a subscription on the plan each, the plan's values; loading again changes nothing", async () => {
    const rows = [
      [people[0]!, "Ana", "Muñoz", "ana@correo.cl", "Ñuñoa", "01-03-2026", pet.cell(1)],
      [people[1]!, "Beto", "Rojas", null, "13101", null, null]
    ]
    const checked = await uploadSettled(await rosterWorkbook(HEADERS, rows), { dryRun: true })
    await admin((c) => c.bulkLoad.confirmUpload({ path: { id: checked.id }, payload: { removeMissing: false } }))
    const done = await settled(admin, checked.id)
    expect(done).toMatchObject({ status: "done", total: 2, error: 0, processed: 2, succeeded: 2 })
    expect(await leadsByRut()).toEqual(
      new Map([
        [people[0]!, 1],
        [people[1]!, 1]
      ])
    )
    const [ana] = await server.sql(
      (sql) => sql<{ district_id: string; email: string; start_date: string; value: string }>`SELECT i.district_id, i.email,
        l.start_date::text AS start_date, v.value FROM insured i JOIN lead_insured li ON li.insured_id = i.id JOIN lead l ON l.id = li.lead_id
        JOIN lead_value v ON v.lead_id = l.id WHERE i.rut = ${people[0]!}`
    )
    expect(ana).toEqual({ district_id: "13120", email: "ana@correo.cl", start_date: "2026-03-01", value: pet.stored(1) })
    const loaded = await admin((c) => c.bulkLoad.uploadRows({ path: { id: checked.id }, urlParams: {} }))
    expect(loaded.items.every((r) => r.loaded && r.lead_id !== null)).toBe(true)

    const again = await uploadSettled(await rosterWorkbook(HEADERS, rows))
    expect(again).toMatchObject({ status: "done", succeeded: 2 })
    expect(again.counts).toMatchObject({ new: 0, updated: 0, unchanged: 2 })
    expect(await leadsByRut()).toEqual(
      new Map([
        [people[0]!, 1],
        [people[1]!, 1]
      ])
    )
  })

  it("the insured missing from a file are shown before anything is written, and lose coverage only when confirmed", async () => {
    const onlyAna = await rosterWorkbook(HEADERS, [[people[0]!, "Ana", "Muñoz", null, null, null, pet.cell(2)]])
    const checked = await uploadSettled(onlyAna, { dryRun: true })
    expect(checked.counts).toMatchObject({ updated: 1, missing: 1 })
    const missing = await admin((c) => c.bulkLoad.uploadMissing({ path: { id: checked.id }, urlParams: {} }))
    expect(missing.items.map((m) => m.rut)).toEqual([people[1]!])

    // Without removal, Beto keeps his coverage.
    await admin((c) => c.bulkLoad.confirmUpload({ path: { id: checked.id }, payload: { removeMissing: false } }))
    expect((await settled(admin, checked.id)).counts.removed).toBe(0)
    expect((await leadsByRut()).has(people[1]!)).toBe(true)

    const removing = await uploadSettled(onlyAna, { removeMissing: true })
    expect(removing).toMatchObject({ status: "done", removeMissing: true })
    expect(removing.counts).toMatchObject({ missing: 1, removed: 1 })
    expect(await leadsByRut()).toEqual(new Map([[people[0]!, 1]]))
  })

  it("pushes the job's progress as server-sent events until it waits for a confirmation", async () => {
    const queued = await upload(
      await rosterWorkbook(
        HEADERS,
        ruts(15_700_000, 50).map((rut, i) => [rut, `Vivo ${i}`, "Sse", null, null, null, null])
      ),
      { dryRun: true }
    )
    const response = await fetch(`${server.url}/api/retail/uploads/${queued.id}/live`, { headers: { authorization: `Bearer ${adminToken}` } })
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/)
    // The stream ends by itself once the job is ready: reading it whole terminates.
    const text = await response.text()
    // Each event names its position (phase.rows processed) as its id, to resume from.
    const events = [...text.matchAll(/^event: job\nid: (\d+\.\d+)\ndata: (.*)$/gm)]
    const jobs = events.map((m) => JSON.parse(m[2]!) as BulkLoadJob)
    expect(events.at(-1)?.[1]).toBe("2.0")
    expect(jobs.length).toBeGreaterThan(0)
    expect(jobs.at(-1)).toMatchObject({ id: queued.id, status: "ready", total: 50 })
    expect(new Set(jobs.map((j) => JSON.stringify(j))).size).toBe(jobs.length)
  })

  it("two uploads for one plan queue: the second starts only after the first ended", async () => {
    const first = await upload(
      await rosterWorkbook(
        HEADERS,
        ruts(15_200_000, 300).map((rut, i) => [rut, `Persona ${i}`, "Cola", null, null, null, null])
      )
    )
    const second = await upload(
      await rosterWorkbook(
        HEADERS,
        ruts(15_300_000, 5).map((rut, i) => [rut, `Otra ${i}`, "Cola", null, null, null, null])
      )
    )
    const [a, b] = [await settled(admin, first.id), await settled(admin, second.id)]
    expect([a.status, b.status]).toEqual(["done", "done"])
    expect(Date.parse(b.startedAt!)).toBeGreaterThanOrEqual(Date.parse(a.finishedAt!))
  })

  it("the failed rows download as a workbook to fix: the format's headers, the row and the reason; formulas stay text", async () => {
    const job = await uploadSettled(
      await rosterWorkbook(HEADERS, [
        ["=1+1", "Eva", "Soto", null, null, null, null],
        [people[0]!, "Ana", "Muñoz", null, null, null, null]
      ]),
      { dryRun: true }
    )
    const bytes = await admin((c) => c.bulkLoad.uploadErrors({ path: { id: job.id } }))
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer)
    const sheet = workbook.worksheets[0]!
    expect(sheet.getRow(1).values).toEqual([undefined, ...HEADERS, "Fila", "Motivo"])
    expect(sheet.rowCount).toBe(2)
    const cell = sheet.getRow(2).getCell(1)
    expect(cell.type).toBe(ExcelJS.ValueType.String)
    expect(sheet.getRow(2).getCell(HEADERS.length + 1).value).toBe(2)
    expect(sheet.getRow(2).getCell(HEADERS.length + 2).value).toBe("RUT Asegurado: El RUT no es válido")
  })

  it("a cancelled check never loads; a loaded job cannot be cancelled or confirmed again", async () => {
    const checked = await uploadSettled(await rosterWorkbook(HEADERS, [[rutOf(15_400_000), "Ida", "Vega", null, null, null, null]]), { dryRun: true })
    expect(checked).toMatchObject({ status: "ready", message: null })
    expect((await admin((c) => c.bulkLoad.cancelUpload({ path: { id: checked.id } }))).status).toBe("cancelled")
    expect(await statusOf(admin((c) => c.bulkLoad.confirmUpload({ path: { id: checked.id }, payload: { removeMissing: false } })))).toBe(409)
    expect((await leadsByRut()).has(rutOf(15_400_000))).toBe(false)
  })

  it("a check left unconfirmed for a week is discarded with its file at the next look for work", async () => {
    const stale = await uploadSettled(await rosterWorkbook(HEADERS, [[rutOf(15_450_000), "Olga", "Ríos", null, null, null, null]]), { dryRun: true })
    const fresh = await uploadSettled(await rosterWorkbook(HEADERS, [[rutOf(15_460_000), "Pía", "Soto", null, null, null, null]]), { dryRun: true })
    await server.sql((sql) => sql`UPDATE bulk_load_job SET created_at = now() - interval '8 days' WHERE id = ${stale.id}`)
    // Any upload wakes the worker, which looks for expired checks each time it looks for work.
    await uploadSettled(await rosterWorkbook(HEADERS, [[rutOf(15_470_000), "Raúl", "Paz", null, null, null, null]]), { dryRun: true })
    await expect
      .poll(() => admin((c) => c.bulkLoad.upload({ path: { id: stale.id } })))
      .toMatchObject({
        status: "cancelled",
        message: "La revisión venció: nadie confirmó la carga en 7 días"
      })
    expect((await admin((c) => c.bulkLoad.upload({ path: { id: fresh.id } }))).status).toBe("ready")
    const files = await server.sql(
      (sql) => sql<{ job_id: string }>`SELECT job_id::text AS job_id FROM bulk_load_file WHERE job_id IN (${stale.id}, ${fresh.id})`
    )
    expect(files.map((f) => f.job_id)).toEqual([fresh.id])
    expect(await statusOf(admin((c) => c.bulkLoad.confirmUpload({ path: { id: stale.id }, payload: { removeMissing: false } })))).toBe(409)
  })

  it("the history lists every upload newest first, with who, channel, plan, file and counts", async () => {
    const page = await admin((c) => c.bulkLoad.uploads({ urlParams: { retail_id: plan.retailId, pageSize: 5 } }))
    expect(page.total).toBeGreaterThanOrEqual(7)
    expect(page.items).toHaveLength(5)
    expect(page.items[0]).toMatchObject({ retail_name: "Canal Nómina", product_name: plan.productName, user_name: expect.any(String) })
    const times = page.items.map((j) => Date.parse(j.createdAt))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
  })
})

describe("hostile and wrong files are refused before a job exists", () => {
  const refused = async (bytes: Uint8Array) => failure(upload(bytes))

  it("a text file named .xlsx, and a zip that is not a workbook", async () => {
    const text = await refused(new TextEncoder().encode("RUT;Nombre\n1-9;Ana"))
    expect(text).toMatchObject({ status: 400 })
    expect(text?.issues).toContainEqual({ path: ["file"], message: "El archivo no es un Excel .xlsx" })
  })

  it("a zip bomb (a 50 MB sheet of zeros in a few KB) → 400 before anything unzips it", async () => {
    const text = (s: string) => new Uint8Array(Buffer.from(s))
    const bomb = zip([
      { name: "[Content_Types].xml", data: text("<Types/>"), deflate: true },
      { name: "xl/workbook.xml", data: text("<workbook/>"), deflate: true },
      { name: "xl/worksheets/sheet1.xml", data: new Uint8Array(50 * 1024 * 1024), deflate: true }
    ])
    const refusal = await refused(bomb)
    expect(refusal?.status).toBe(400)
    expect(refusal?.issues).toContainEqual({ path: ["file"], message: "El archivo se descomprime a un tamaño excesivo (posible archivo malicioso)" })
  })

  it("over 20 MB → 413", async () => {
    const big = new Uint8Array(21 * 1024 * 1024)
    big.set([0x50, 0x4b, 0x03, 0x04])
    expect(await refused(big)).toMatchObject({ status: 413, message: "El archivo supera el máximo de 20 MB" })
  })

  it("missing required headers are named; headers match whatever their accents, case and spacing", async () => {
    const missing = await refused(await rosterWorkbook(["rut asegurado", "Correo"], [[people[0]!, null]]))
    expect(missing?.status).toBe(400)
    expect(missing?.message).toContain('"Nombres"')
    expect(missing?.message).toContain('"Apellido Paterno"')
    const loose = await upload(await rosterWorkbook(["  APELLIDO   paterno", "rut ASEGURADO", "nombres"], [["Lagos", rutOf(15_500_000), "Ivo"]]), {
      dryRun: true
    })
    expect((await settled(admin, loose.id)).counts.new).toBe(1)
  })

  it("a second sheet is ignored; only admins upload", async () => {
    const bytes = await rosterWorkbook(HEADERS, [[rutOf(15_600_000), "Teo", "Lara", null, null, null, null]], { secondSheet: true })
    expect((await uploadSettled(bytes, { dryRun: true })).total).toBe(1)
    expect(await statusOf(operador((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId }, bytes) })))).toBe(
      403
    )
    expect(await statusOf(operador((c) => c.bulkLoad.uploads({ urlParams: {} })))).toBe(403)
  })

  it("a plan of another channel → 404", async () => {
    const other = "00000000-0000-4000-8000-000000000000"
    const bytes = await rosterWorkbook(HEADERS, [])
    expect(await statusOf(admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: other, planId: plan.planId }, bytes) })))).toBe(404)
  })
})
