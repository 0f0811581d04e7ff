import ExcelJS from "exceljs"
import { Readable } from "node:stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Call, XLSX_CONTENT_TYPE } from "@palma/core"
import { clientAs, demoTokens, statusOf } from "../support/api.js"
import { type PlanFixture, planFixture } from "../support/catalogFixture.js"
import { type RunningServer, startServer } from "../support/startServer.js"

let server: RunningServer
let tokens: Awaited<ReturnType<typeof demoTokens>>
let admin: Call
let operador: Call
let plan: PlanFixture

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  admin = clientAs(server.url, tokens.admin)
  operador = clientAs(server.url, tokens.user)
  plan = await planFixture(admin, "Formatos", 76444555)
})
afterAll(() => server?.stop())

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { status: number; message: string; issues: ReadonlyArray<{ path: ReadonlyArray<string | number>; message: string }> }
  )

const columns = () => [
  { field: "rut", header: "RUT Asegurado", required: false },
  { field: "name", header: "Nombres", required: false },
  { field: "paternalLastName", header: "Apellido Paterno", required: false },
  { field: "email", header: "Correo", required: true },
  { field: "initialDate", header: "Inicio Vigencia", required: false },
  { field: plan.valueIds[0]!, header: "Nombre Mascota", required: false }
]

describe("fields of a plan", () => {
  it("are the person and policy fields, then the values of the plan's product", async () => {
    const fields = await operador((c) => c.field.getByProductPlanId({ path: { id: plan.planId } }))
    expect(fields.slice(0, 11).map((f) => f.field)).toEqual([
      "rut", "name", "paternalLastName", "maternalLastName", "birthDate", "address", "district", "email", "phone", "initialDate", "endDate"
    ])
    expect(fields.filter((f) => f.required).map((f) => f.field)).toEqual(["rut", "name", "paternalLastName"])
    expect(fields.slice(11)).toEqual(plan.valueIds.map((id) => expect.objectContaining({ field: id, kind: "value" })))
    expect(await statusOf(operador((c) => c.field.getByProductPlanId({ path: { id: "00000000-0000-4000-8000-000000000000" } })))).toBe(404)
  })
})

describe("file formats", () => {
  it("are created with ordered columns, read back, and replaced atomically by the next create", async () => {
    const created = await admin((c) => c.fileFormat.create({ payload: { productPlan_id: plan.planId, fields: columns() } }))
    expect(created.productPlan_id).toBe(plan.planId)
    expect(created.fields.map((f) => [f.position, f.field, f.header, f.required])).toEqual([
      [1, "rut", "RUT Asegurado", true],
      [2, "name", "Nombres", true],
      [3, "paternalLastName", "Apellido Paterno", true],
      [4, "email", "Correo", true],
      [5, "initialDate", "Inicio Vigencia", false],
      [6, plan.valueIds[0], "Nombre Mascota", false]
    ])
    expect(await operador((c) => c.fileFormat.getByProductPlanId({ path: { id: plan.planId } }))).toEqual(created)

    const replaced = await admin((c) =>
      c.fileFormat.create({
        payload: { productPlan_id: plan.planId, fields: [
            { field: "name", header: "NOMBRE", required: false },
            { field: "paternalLastName", header: "PATERNO", required: false },
            { field: "rut", header: "RUT", required: false }
          ] }
      })
    )
    expect(replaced.id).toBe(created.id)
    expect(replaced.fields.map((f) => f.header)).toEqual(["NOMBRE", "PATERNO", "RUT"])
    const all = await operador((c) => c.fileFormat.getAll())
    expect(all.filter((f) => f.productPlan_id === plan.planId)).toEqual([replaced])
  })

  it("refuses a format without rut (or name) with a Spanish 400, leaving the previous one intact", async () => {
    const before = await operador((c) => c.fileFormat.getByProductPlanId({ path: { id: plan.planId } }))
    const raw = await fetch(`${server.url}/api/fileFormat/create`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.admin}`, "content-type": "application/json" },
      body: JSON.stringify({ productPlan_id: plan.planId, fields: [{ field: "name", header: "Nombre" }, { field: "paternalLastName", header: "Paterno" }] })
    })
    expect(raw.status).toBe(400)
    const body = (await raw.json()) as { message: string; issues: ReadonlyArray<{ path: ReadonlyArray<string>; message: string }> }
    expect(body.issues).toContainEqual({ path: ["fields"], message: 'Falta la columna obligatoria "rut"' })
    expect(await operador((c) => c.fileFormat.getByProductPlanId({ path: { id: plan.planId } }))).toEqual(before)
  })

  it("refuses a value that is not asked by the plan's product (400 on that column) and an unknown plan (404)", async () => {
    const values = await admin((c) => c.value.list({ urlParams: {} }))
    const foreign = values.find((v) => !plan.valueIds.includes(v.id))!
    const error = await failure(
      admin((c) => c.fileFormat.create({ payload: { productPlan_id: plan.planId, fields: [...columns(), { field: foreign.id, header: "Otro", required: false }] } }))
    )
    expect(error).toMatchObject({ status: 400 })
    expect(error?.issues).toContainEqual({ path: ["fields", 6, "field"], message: "El valor no pertenece a los servicios del producto del plan" })
    const unknown = "00000000-0000-4000-8000-000000000000"
    expect(await statusOf(admin((c) => c.fileFormat.create({ payload: { productPlan_id: unknown, fields: columns().slice(0, 3) } })))).toBe(404)
  })

  it("template: an .xlsx whose header row is exactly the format's headers, in order, bold and frozen", async () => {
    await admin((c) => c.fileFormat.create({ payload: { productPlan_id: plan.planId, fields: columns() } }))
    const response = await fetch(`${server.url}/api/fileFormat/template/${plan.planId}`, { headers: { authorization: `Bearer ${tokens.user}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe(XLSX_CONTENT_TYPE)
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="plantilla.xlsx"')
    const bytes = new Uint8Array(await response.arrayBuffer())
    // The typed client gets the same workbook (byte equality would depend on the zip's timestamps).
    const typed = await operador((c) => c.fileFormat.template({ path: { productPlan_id: plan.planId } }))
    expect(typed.length).toBe(bytes.length)
    expect(Buffer.from(typed.subarray(0, 2)).toString("latin1")).toBe("PK")

    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.read(Readable.from([Buffer.from(bytes)]))
    const sheet = workbook.worksheets[0]!
    const header = sheet.getRow(1)
    const headers = columns().map((_, i) => header.getCell(i + 1).value)
    expect(headers).toEqual(columns().map((c) => c.header))
    expect(header.getCell(columns().length + 1).value).toBeNull()
    expect(header.getCell(1).font?.bold).toBe(true)
    expect(sheet.rowCount).toBe(1)
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 })
    expect(sheet.getColumn(1).width).toBeGreaterThan(10)
  })

  it("delete removes the plan's format; then reads and the template are 404", async () => {
    const removed = await admin((c) => c.fileFormat.deleteByProductPlanId({ path: { id: plan.planId } }))
    expect(removed.productPlan_id).toBe(plan.planId)
    expect(await statusOf(operador((c) => c.fileFormat.getByProductPlanId({ path: { id: plan.planId } })))).toBe(404)
    expect(await statusOf(operador((c) => c.fileFormat.template({ path: { productPlan_id: plan.planId } })))).toBe(404)
    expect(await statusOf(admin((c) => c.fileFormat.deleteByProductPlanId({ path: { id: plan.planId } })))).toBe(404)
  })

  it("operador reads but gets 403 on every write", async () => {
    expect(await statusOf(operador((c) => c.fileFormat.create({ payload: { productPlan_id: plan.planId, fields: columns() } })))).toBe(403)
    expect(await statusOf(operador((c) => c.fileFormat.deleteByProductPlanId({ path: { id: plan.planId } })))).toBe(403)
    expect(await operador((c) => c.fileFormat.getAll())).toBeInstanceOf(Array)
  })
})
