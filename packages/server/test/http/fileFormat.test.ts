import ExcelJS from "exceljs"
import { Readable } from "node:stream"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Call, Rut, XLSX_CONTENT_TYPE } from "@palma/core"
import { send } from "../security/http.js"
import { clientAs, demoTokens, statusOf } from "../support/api.js"
import { type PlanFixture, planFixture, rutOf } from "../support/catalogFixture.js"
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
  { field_id: "rut", header: "RUT Asegurado", required: false },
  { field_id: "name", header: "Nombres", required: false },
  { field_id: "paternalLastName", header: "Apellido Paterno", required: false },
  { field_id: "email", header: "Correo", required: true },
  { field_id: "initialDate", header: "Inicio Vigencia", required: false },
  { field_id: plan.valueIds[0]!, header: "Nombre Mascota", required: false }
]

const planPath = () => ({ productPlan_id: plan.planId })
const unknownPlan = { productPlan_id: "00000000-0000-4000-8000-000000000000" }

/** A JSON call exactly as the original client makes it, past the typed client. */
const raw = async (method: string, path: string, token: string, body?: unknown) => {
  const response = await send(server.url, method, path, { token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: response.status, json: response.json as unknown }
}

describe("fields of a plan", () => {
  it("are the person and policy fields, then the values of the plan's product", async () => {
    const fields = await operador((c) => c.field.getByProductPlanId({ path: planPath() }))
    expect(fields.slice(0, 11).map((f) => f.field)).toEqual([
      "rut",
      "name",
      "paternalLastName",
      "maternalLastName",
      "birthDate",
      "address",
      "district",
      "email",
      "phone",
      "initialDate",
      "endDate"
    ])
    expect(fields.filter((f) => f.required).map((f) => f.field)).toEqual(["rut", "name", "paternalLastName"])
    expect(fields.slice(11)).toEqual(plan.valueIds.map((id) => expect.objectContaining({ field: id, kind: "value" })))
    expect(await statusOf(operador((c) => c.field.getByProductPlanId({ path: unknownPlan })))).toBe(404)
  })
})

describe("file formats", () => {
  it("are created with ordered columns, read back, and replaced atomically by the next create", async () => {
    const created = await admin((c) => c.fileFormat.create({ payload: { productPlan_id: plan.planId, fields: columns() } }))
    expect(created.map((f) => [f.position, f.field_id, f.header, f.required])).toEqual([
      [1, "rut", "RUT Asegurado", true],
      [2, "name", "Nombres", true],
      [3, "paternalLastName", "Apellido Paterno", true],
      [4, "email", "Correo", true],
      [5, "initialDate", "Inicio Vigencia", false],
      [6, plan.valueIds[0], "Nombre Mascota", false]
    ])
    expect(await operador((c) => c.fileFormat.getByProductPlanId({ path: planPath() }))).toEqual(created)

    const replaced = await admin((c) =>
      c.fileFormat.create({
        payload: {
          productPlan_id: plan.planId,
          fields: [
            { field_id: "name", header: "NOMBRE", required: false },
            { field_id: "paternalLastName", header: "PATERNO", required: false },
            { field_id: "rut", header: "RUT", required: false }
          ]
        }
      })
    )
    expect(replaced.map((f) => f.header)).toEqual(["NOMBRE", "PATERNO", "RUT"])
    expect(await operador((c) => c.fileFormat.getByProductPlanId({ path: planPath() }))).toEqual(replaced)
    const retails = await operador((c) => c.fileFormat.getAll())
    expect(retails.filter((r) => r.retail_id === plan.retailId)).toEqual([
      { retail_id: plan.retailId, retail_rut: expect.any(String), retail_name: "Canal Formatos" }
    ])
  })

  it("refuses a format without rut (or name) with a Spanish 400, leaving the previous one intact", async () => {
    const before = await operador((c) => c.fileFormat.getByProductPlanId({ path: planPath() }))
    const response = await raw("POST", "/api/fileFormat/create", tokens.admin, {
      productPlan_id: plan.planId,
      fields: [
        { field_id: "name", header: "Nombre" },
        { field_id: "paternalLastName", header: "Paterno" }
      ]
    })
    expect(response.status).toBe(400)
    const body = response.json as { message: string; issues: ReadonlyArray<{ path: ReadonlyArray<string>; message: string }> }
    expect(body.issues).toContainEqual({ path: ["fields"], message: 'Falta la columna obligatoria "rut"' })
    expect(await operador((c) => c.fileFormat.getByProductPlanId({ path: planPath() }))).toEqual(before)
  })

  it("refuses a value that is not asked by the plan's product (400 on that column) and an unknown plan (404)", async () => {
    const values = await admin((c) => c.value.list({ urlParams: {} }))
    const foreign = values.find((v) => !plan.valueIds.includes(v.id))!
    const error = await failure(
      admin((c) =>
        c.fileFormat.create({ payload: { productPlan_id: plan.planId, fields: [...columns(), { field_id: foreign.id, header: "Otro", required: false }] } })
      )
    )
    expect(error).toMatchObject({ status: 400 })
    expect(error?.issues).toContainEqual({ path: ["fields", 6, "field_id"], message: "El valor no pertenece a los servicios del producto del plan" })
    expect(await statusOf(admin((c) => c.fileFormat.create({ payload: { productPlan_id: unknownPlan.productPlan_id, fields: columns().slice(0, 3) } })))).toBe(
      404
    )
  })

  it("template: an .xlsx whose header row is exactly the format's headers, in order, bold and frozen", async () => {
    await admin((c) => c.fileFormat.create({ payload: { productPlan_id: plan.planId, fields: columns() } }))
    const response = await fetch(`${server.url}/api/fileFormat/template/${plan.planId}`, { headers: { authorization: `Bearer ${tokens.user}` } })
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toBe(XLSX_CONTENT_TYPE)
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="plantilla.xlsx"')
    const bytes = new Uint8Array(await response.arrayBuffer())
    const headersOf = async (file: Uint8Array) => {
      const workbook = new ExcelJS.Workbook()
      await workbook.xlsx.read(Readable.from([Buffer.from(file)]))
      const sheet = workbook.worksheets[0]!
      return { sheet, header: sheet.getRow(1), headers: columns().map((_, i) => sheet.getRow(1).getCell(i + 1).value) }
    }
    // The typed client gets the same workbook: compared by content (its bytes carry the time it was written).
    const typed = await operador((c) => c.fileFormat.template({ path: planPath() }))
    expect(Buffer.from(typed.subarray(0, 2)).toString("latin1")).toBe("PK")
    expect((await headersOf(typed)).headers).toEqual(columns().map((c) => c.header))

    const { sheet, header, headers } = await headersOf(bytes)
    expect(headers).toEqual(columns().map((c) => c.header))
    expect(header.getCell(columns().length + 1).value).toBeNull()
    expect(header.getCell(1).font?.bold).toBe(true)
    expect(sheet.rowCount).toBe(1)
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 })
    expect(sheet.getColumn(1).width).toBeGreaterThan(10)
  })

  it("delete removes the plan's format: then it reads as no columns, the template is 404 and a second delete too", async () => {
    expect(await admin((c) => c.fileFormat.deleteByProductPlanId({ path: planPath() }))).toBe(true)
    expect(await operador((c) => c.fileFormat.getByProductPlanId({ path: planPath() }))).toEqual([])
    expect(await statusOf(operador((c) => c.fileFormat.template({ path: planPath() })))).toBe(404)
    expect(await statusOf(admin((c) => c.fileFormat.deleteByProductPlanId({ path: planPath() })))).toBe(404)
    expect(await statusOf(operador((c) => c.fileFormat.getByProductPlanId({ path: unknownPlan })))).toBe(404)
  })

  it("operador reads but gets 403 on every write", async () => {
    expect(await statusOf(operador((c) => c.fileFormat.create({ payload: { productPlan_id: plan.planId, fields: columns() } })))).toBe(403)
    expect(await statusOf(operador((c) => c.fileFormat.deleteByProductPlanId({ path: planPath() })))).toBe(403)
    expect(await operador((c) => c.fileFormat.getAll())).toBeInstanceOf(Array)
  })
})

describe("the original client's calls (seed API, verbatim)", () => {
  const formats: Record<string, string> = { D: "yyyy-mm-dd", S: "Texto", C: "Texto", N: "Número" }

  it("field/getByProductPlanId: insured fields (ASE) then the plan's values (VAL), each with id, name and format", async () => {
    const response = await raw("GET", `/api/field/getByProductPlanId/${plan.planId}`, tokens.user)
    expect(response.status).toBe(200)
    const fields = response.json as ReadonlyArray<Record<string, unknown>>
    for (const field of fields) {
      expect(field).toMatchObject({ type: expect.stringMatching(/^(ASE|VAL)$/), id: expect.any(String), name: expect.any(String), format: expect.any(String) })
    }
    expect(fields.map((f) => f["type"])).toEqual([...Array<string>(11).fill("ASE"), ...plan.valueIds.map(() => "VAL")])
    expect(fields.find((f) => f["id"] === "birthDate")).toMatchObject({ type: "ASE", name: "Fecha de nacimiento", format: "yyyy-mm-dd" })
    expect(fields.find((f) => f["id"] === "rut")).toMatchObject({ type: "ASE", name: "RUT", format: "12.345.678-5" })
    const values = await admin((c) => c.value.list({ urlParams: {} }))
    for (const id of plan.valueIds) {
      const value = values.find((v) => v.id === id)!
      expect(fields.find((f) => f["id"] === id)).toMatchObject({ type: "VAL", name: value.name, format: formats[value.valuetype_code] ?? value.valuetype_code })
    }
  })

  it('fileFormat/create takes the client\'s whole format state (new columns with id "", no header) and names them by their field', async () => {
    const fields = (await raw("GET", `/api/field/getByProductPlanId/${plan.planId}`, tokens.user)).json as ReadonlyArray<Record<string, unknown>>
    const chosen = ["rut", "name", "paternalLastName", "birthDate", plan.valueIds[0]!].map((id) => fields.find((f) => f["id"] === id)!)
    // As the client builds it from the field list: id→field_id, name→field_name, format→field_format.
    const body = {
      productPlan_id: plan.planId,
      fields: chosen.map((f) => ({ id: "", field_id: f["id"], field_name: f["name"], field_format: f["format"] })),
      isActive: false
    }
    const created = await raw("POST", "/api/fileFormat/create", tokens.admin, body)
    expect(created.status).toBe(200)

    const read = await raw("GET", `/api/fileFormat/getByProductPlanId/${plan.planId}`, tokens.user)
    expect(read.status).toBe(200)
    expect(read.json).toEqual(created.json)
    const columns = read.json as ReadonlyArray<Record<string, unknown>>
    const values = await admin((c) => c.value.list({ urlParams: {} }))
    const value = values.find((v) => v.id === plan.valueIds[0])!
    expect(columns.map(({ id: _id, ...column }) => column)).toEqual([
      {
        field_db_name: "rut",
        field_type: "insured",
        field_id: "rut",
        field_name: "RUT",
        field_format: "12.345.678-5",
        header: "RUT",
        required: true,
        position: 1
      },
      {
        field_db_name: "name",
        field_type: "insured",
        field_id: "name",
        field_name: "Nombre",
        field_format: "Texto",
        header: "Nombre",
        required: true,
        position: 2
      },
      {
        field_db_name: "paternalLastName",
        field_type: "insured",
        field_id: "paternalLastName",
        field_name: "Apellido paterno",
        field_format: "Texto",
        header: "Apellido paterno",
        required: true,
        position: 3
      },
      {
        field_db_name: "birthDate",
        field_type: "insured",
        field_id: "birthDate",
        field_name: "Fecha de nacimiento",
        field_format: "yyyy-mm-dd",
        header: "Fecha de nacimiento",
        required: false,
        position: 4
      },
      {
        field_db_name: "value",
        field_type: "value",
        field_id: value.id,
        field_name: value.name,
        field_format: formats[value.valuetype_code] ?? value.valuetype_code,
        header: value.name,
        required: false,
        position: 5
      }
    ])
    // Every column has an id of its own.
    const ids = columns.map((c) => c["id"])
    expect(new Set(ids).size).toBe(ids.length)
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)

    // Saved again as the client keeps it (the columns read, server ids and all): the same columns, new ids.
    const again = await raw("POST", "/api/fileFormat/create", tokens.admin, { productPlan_id: plan.planId, fields: columns })
    expect(again.status).toBe(200)
    const reread = (await raw("GET", `/api/fileFormat/getByProductPlanId/${plan.planId}`, tokens.user)).json as ReadonlyArray<Record<string, unknown>>
    expect(reread.map(({ id: _id, ...column }) => column)).toEqual(columns.map(({ id: _id, ...column }) => column))
    expect(reread.map((c) => c["id"])).not.toEqual(ids)
  })

  it("a column sent without header whose field's name another column already uses as header → Spanish 400", async () => {
    const before = await operador((c) => c.fileFormat.getByProductPlanId({ path: planPath() }))
    const response = await raw("POST", "/api/fileFormat/create", tokens.admin, {
      productPlan_id: plan.planId,
      fields: [{ field_id: "rut", header: "Nombre" }, { field_id: "name" }, { field_id: "paternalLastName" }]
    })
    expect(response.status).toBe(400)
    expect((response.json as { issues: unknown }).issues).toContainEqual({ path: ["fields", 1, "header"], message: 'El encabezado "Nombre" se repite' })
    expect(await operador((c) => c.fileFormat.getByProductPlanId({ path: planPath() }))).toEqual(before)
  })

  it("fileFormat/getAll lists the retails that have formats as {retail_id, retail_rut, retail_name}, RUT formatted", async () => {
    const response = await raw("GET", "/api/fileFormat/getAll", tokens.user)
    expect(response.status).toBe(200)
    const rows = response.json as ReadonlyArray<Record<string, unknown>>
    expect(rows.find((r) => r["retail_id"] === plan.retailId)).toEqual({
      retail_id: plan.retailId,
      retail_rut: Rut.format(rutOf(76444555)),
      retail_name: "Canal Formatos"
    })
    // The demo retails have formats too: one row per retail.
    expect(new Set(rows.map((r) => r["retail_id"])).size).toBe(rows.length)
  })

  it("fileFormat/deleteByProductPlanId answers true; the plan then reads as []", async () => {
    const response = await raw("DELETE", `/api/fileFormat/deleteByProductPlanId/${plan.planId}`, tokens.admin)
    expect(response).toEqual({ status: 200, json: true })
    expect(await raw("GET", `/api/fileFormat/getByProductPlanId/${plan.planId}`, tokens.user)).toEqual({ status: 200, json: [] })
    expect((await raw("GET", "/api/fileFormat/getAll", tokens.user)).json).not.toContainEqual(expect.objectContaining({ retail_id: plan.retailId }))
  })
})

describe("no lost updates on a plan's format (issue 10 §6)", () => {
  const withTag = async (method: string, path: string, ifMatch: string | undefined, body?: unknown) =>
    send(server.url, method, path, {
      token: tokens.admin,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      ...(ifMatch === undefined ? {} : { headers: { "if-match": ifMatch } })
    })
  const read = () => withTag("GET", `/api/fileFormat/getByProductPlanId/${plan.planId}`, undefined)
  const save = (ifMatch: string | undefined, header: string) =>
    withTag("POST", "/api/fileFormat/create", ifMatch, {
      productPlan_id: plan.planId,
      fields: [{ field_id: "rut", header }, { field_id: "name" }, { field_id: "paternalLastName" }]
    })

  it("answers a version even before the plan has a format; a save over another admin's is 412 and changes nothing", async () => {
    await withTag("DELETE", `/api/fileFormat/deleteByProductPlanId/${plan.planId}`, undefined)
    const none = await read()
    expect(none.json).toEqual([])
    const noneTag = none.headers.get("etag")!
    expect(noneTag).toBe('"0"')

    // Two admins start from "no format"; the first one's save wins, the second one's is refused.
    const first = await save(noneTag, "RUT de A")
    expect(first.status, first.text).toBe(200)
    const firstTag = first.headers.get("etag")!
    expect(firstTag).not.toBe(noneTag)
    const second = await save(noneTag, "RUT de B")
    expect(second.status).toBe(412)
    expect(second.json).toMatchObject({ _tag: "PreconditionFailed" })
    expect(((await read()).json as ReadonlyArray<{ header: string }>)[0]).toMatchObject({ header: "RUT de A" })

    // A delete with a stale tag is refused too; with the current one it goes through.
    expect((await withTag("DELETE", `/api/fileFormat/deleteByProductPlanId/${plan.planId}`, noneTag)).status).toBe(412)
    expect((await save(firstTag, "RUT de B")).status).toBe(200)
    const current = (await read()).headers.get("etag")!
    expect((await withTag("DELETE", `/api/fileFormat/deleteByProductPlanId/${plan.planId}`, current)).status).toBe(200)
    // The original client sends no If-Match: the last writer wins, as it always did.
    expect((await save(undefined, "RUT")).status).toBe(200)
  })
})
