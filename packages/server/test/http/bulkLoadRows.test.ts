import ExcelJS from "exceljs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type BulkLoadRow, type Call, formatDate } from "@palma/core"
import { clientAs, demoTokens } from "../support/api.js"
import { type PlanFixture, rutOf } from "../support/catalogFixture.js"
import { rosterForm, rosterPlan, rosterWorkbook, settled } from "../support/roster.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/** What a roster's review says of each row (issue 31 §3.4–3.5): people already in Palma, and cells it cannot trust. */

let server: InProcessServer
let admin: Call
let plan: PlanFixture

const HEADERS = ["RUT Asegurado", "Nombres", "Apellido Paterno", "Correo", "Comuna", "Inicio Vigencia"]

beforeAll(async () => {
  server = await startServer()
  admin = clientAs(server.url, (await demoTokens(server.url)).admin)
  plan = await rosterPlan(admin, "Revisión", 76555333, [
    { field_id: "rut", header: "RUT Asegurado", required: true },
    { field_id: "name", header: "Nombres", required: true },
    { field_id: "paternalLastName", header: "Apellido Paterno", required: true },
    { field_id: "email", header: "Correo", required: false },
    { field_id: "district", header: "Comuna", required: false },
    { field_id: "initialDate", header: "Inicio Vigencia", required: false }
  ])
})
afterAll(() => server?.stop())

const check = async (rows: Parameters<typeof rosterWorkbook>[1]) => {
  const bytes = await rosterWorkbook(HEADERS, rows)
  const queued = await admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId, dryRun: true }, bytes) }))
  return settled(admin, queued.id)
}
const rowsOf = async (id: string): Promise<ReadonlyArray<BulkLoadRow>> => (await admin((c) => c.bulkLoad.uploadRows({ path: { id }, urlParams: {} }))).items

/** A titular of the demo data, as stored, with a comuna and an email, and no subscription on the suite's plan. */
const demoPerson = async () => {
  const [person] = await server.sql(
    (sql) => sql<{ rut: string; name: string; paternal_last_name: string; email: string; district_id: string; comuna: string }>`
      SELECT i.rut, i.name, i.paternal_last_name, i.email, i.district_id, d.name AS comuna
      FROM insured i JOIN district d ON d.id = i.district_id
      WHERE i.email IS NOT NULL AND i.district_id NOT IN ('13120', '13101') ORDER BY i.rut LIMIT 1`
  )
  return person!
}

describe("a roster row for a person already in Palma", () => {
  it("is «Actualizado», naming each field it changes by the file's column, from what is stored to what the file brings", async () => {
    const person = await demoPerson()
    const fresh = rutOf(17_100_000)
    const job = await check([
      [person.rut, person.name, person.paternal_last_name, "nuevo.correo@ejemplo.cl", "Ñuñoa", null],
      [fresh, "Nadia", "Nueva", "nadia@ejemplo.cl", "Santiago", "01-03-2026"]
    ])
    expect(job.counts).toMatchObject({ new: 1, updated: 1, unchanged: 0, failed: 0 })
    const [known, unknown] = await rowsOf(job.id)
    expect(known).toMatchObject({ rut: person.rut, outcome: "updated" })
    expect(known!.changes).toEqual([
      { field: "district", label: "Comuna", from: person.comuna, to: "Ñuñoa" },
      { field: "email", label: "Correo", from: person.email, to: "nuevo.correo@ejemplo.cl" },
      { field: "subscription", label: "Suscripción al plan", from: "ninguna", to: "nueva" }
    ])
    expect(unknown).toMatchObject({ rut: fresh, outcome: "new", changes: [] })
  })

  const loadedRow = (person: Awaited<ReturnType<typeof demoPerson>>) => [
    [person.rut, person.name, person.paternal_last_name, "otro.correo@ejemplo.cl", null, "01-04-2026"]
  ]

  it("loaded, it writes what the review showed (a blank cell erases nothing)", async () => {
    const person = await demoPerson()
    const checked = await check(loadedRow(person))
    expect((await rowsOf(checked.id))[0]!.changes.map((c) => c.field)).toEqual(["email", "subscription"])
    await admin((c) => c.bulkLoad.confirmUpload({ path: { id: checked.id }, payload: { removeMissing: false } }))
    expect((await settled(admin, checked.id)).status).toBe("done")
    const [stored] = await server.sql((sql) => sql<{ email: string; district_id: string }>`SELECT email, district_id FROM insured WHERE rut = ${person.rut}`)
    // A blank comuna keeps the stored one; the email is the file's, as the review said.
    expect(stored).toEqual({ email: "otro.correo@ejemplo.cl", district_id: person.district_id })
  })

  it("once loaded, the same file changes nothing, and a new start date shows as a change", async () => {
    const person = await demoPerson()
    const again = await check(loadedRow(person))
    expect(again.counts).toMatchObject({ new: 0, updated: 0, unchanged: 1 })
    expect((await rowsOf(again.id))[0]!.changes).toEqual([])

    const moved = await check([[person.rut, person.name, person.paternal_last_name, null, null, "15-04-2026"]])
    expect((await rowsOf(moved.id))[0]!.changes).toEqual([
      { field: "initialDate", label: "Inicio Vigencia", from: formatDate("2026-04-01"), to: formatDate("2026-04-15") }
    ])
  })
})

describe("a roster cell Palma cannot trust", () => {
  it("a formula is refused with its reason under its column, never loaded as its cached result; errores.xlsx shows the formula", async () => {
    const rut = rutOf(17_200_000)
    const job = await check([[rut, "Eva", "Soto", { formula: 'LOWER("EVA@CORREO.CL")', result: "eva@correo.cl" }, "Ñuñoa", null]])
    expect(job.counts).toMatchObject({ new: 0, failed: 1 })
    expect((await rowsOf(job.id))[0]).toMatchObject({
      rut,
      outcome: "failed",
      reasons: ["Correo: Tiene una fórmula: escriba el valor en la celda (Palma no carga resultados de fórmulas)"]
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(Buffer.from(await admin((c) => c.bulkLoad.uploadErrors({ path: { id: job.id } }))) as unknown as ArrayBuffer)
    const cell = workbook.worksheets[0]!.getRow(2).getCell(4)
    expect([cell.type, cell.value]).toEqual([ExcelJS.ValueType.String, '=LOWER("EVA@CORREO.CL")'])
  })
})
