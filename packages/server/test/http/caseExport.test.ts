import ExcelJS from "exceljs"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Rut } from "@palma/core"
import { send } from "../security/http.js"
import { demoTokens } from "../support/api.js"
import { caseFixture, type Fixture, newCase } from "../support/caseFixture.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * Reports on cases (reference §1.6–1.7, spec §5, issue 14): the months with cases, an export's
 * preview and casos.xlsx, read back cell by cell with exceljs. Expected figures are computed here
 * from the projection with SQL of the test's own, not with the server's queries.
 */

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>
let f: Fixture

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  f = await caseFixture(server)
})
afterAll(() => server?.stop())

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- wire answers are read field by field
const get = async (path: string, token = tokens.user) => {
  const response = await send(server.url, "GET", path, { token })
  return { status: response.status, json: response.json as Json, headers: response.headers }
}
const download = async (query: string) => {
  const response = await fetch(`${server.url}/api/case/exportCases?${query}`, { headers: { authorization: `Bearer ${tokens.user}` } })
  return { status: response.status, headers: response.headers, bytes: await response.arrayBuffer() }
}
const workbookOf = async (bytes: ArrayBuffer) => {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(bytes)
  return workbook
}
const sqlRows = <A>(query: (sql: Parameters<Parameters<InProcessServer["sql"]>[0]>[0]) => Effect.Effect<ReadonlyArray<unknown>, unknown>) =>
  server.sql(query) as Promise<ReadonlyArray<A>>

/** The month a case was opened in, in Chile: "YYYY-MM". */
const chileMonth = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago", year: "numeric", month: "2-digit" }).format(d)

describe("GET /case/getAllCaseDates", () => {
  it("answers the months with cases newest first, by opening and by event, in the original's spelling", async () => {
    const { status, json } = await get("/api/case/getAllCaseDates")
    expect(status).toBe(200)
    const created = await sqlRows<{ created_at: Date }>((sql) => sql`SELECT created_at FROM assistance_case`)
    const months = [...new Set(created.map((r) => chileMonth(r.created_at)))].sort().reverse()
    const english = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]
    expect(json.createdDates).toEqual(months.map((m) => ({ month: english[Number(m.slice(5)) - 1]!.padEnd(9, " "), year: m.slice(0, 4) })))
    expect(json.eventDates.length).toBeGreaterThan(0)
    for (const m of json.eventDates as Array<{ month: string; year: string }>) expect(m.month).toHaveLength(9)
  })
})

describe("GET /case/getAllExports (the preview)", () => {
  it("pages the filtered cases newest first; pagination.total is the case count; a date is reduced to its month", async () => {
    const month = chileMonth(new Date())
    const expected = (
      await sqlRows<{ created_at: Date; retail_id: string | null }>((sql) => sql`SELECT created_at, retail_id::text FROM assistance_case`)
    ).filter((r) => chileMonth(r.created_at) === month && r.retail_id === f.retail).length
    const { status, json } = await get(`/api/case/getAllExports?retail_id=${f.retail}&case_date=${month}-15&event_date=&records=3&page=1`)
    expect(status).toBe(200)
    expect(json.summary).toEqual({ cases: expected })
    expect(json.pagination).toEqual({ total: expected, page: 1, records: 3 })
    expect(json.data.length).toBe(Math.min(3, expected))
    for (const row of json.data as Array<Json>) expect(row.customer_id).toBe(f.retail)
    const all = await get("/api/case/getAllExports?retail_id=Todos&case_date=Todos&event_date=Todos&records=1")
    expect(all.json.pagination.total).toBe(all.json.summary.cases)
    expect(all.json.data[0].number).toBeGreaterThan(all.json.summary.cases > 1 ? 1000 : 0)
  })

  it("counts a case opened now under Hoy and Esta semana, on Chile's calendar", async () => {
    const before = (await get("/api/case/getAllExports?case_date=Hoy&records=1")).json.summary.cases as number
    const week = (await get("/api/case/getAllExports?case_date=Esta%20semana&records=1")).json.summary.cases as number
    const opened = await send(server.url, "POST", "/api/case/upsert", { token: tokens.user, body: JSON.stringify(newCase(f)) })
    expect(opened.status).toBe(200)
    expect((await get("/api/case/getAllExports?case_date=Hoy&records=1")).json.summary.cases).toBe(before + 1)
    expect((await get("/api/case/getAllExports?case_date=Esta%20semana&records=1")).json.summary.cases).toBe(week + 1)
  })

  it("refuses filters it cannot read, in Spanish", async () => {
    const bad = await get("/api/case/getAllExports?case_date=ayer")
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.json)).toMatch(/Filtro de fecha inválido/)
    expect((await get("/api/case/getAllExports?retail_id=Banco")).status).toBe(400)
  })
})

describe("GET /case/exportCases (casos.xlsx)", () => {
  it("one sheet per channel; the original's columns first, then Palma's; dates, amounts and text typed", async () => {
    const month = chileMonth(new Date())
    const { status, headers, bytes } = await download(`case_date=${month}`)
    expect(status).toBe(200)
    expect(headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    expect(headers.get("content-disposition")).toBe("attachment; filename=casos.xlsx")
    const workbook = await workbookOf(bytes)
    const expected = await sqlRows<{ name: string; n: string }>(
      (sql) => sql`SELECT COALESCE(r.name, 'No Retail') AS name, count(*)::text AS n FROM assistance_case c LEFT JOIN retail r ON r.id = c.retail_id
        WHERE to_char(c.created_at AT TIME ZONE 'America/Santiago', 'YYYY-MM') = ${month} GROUP BY 1 ORDER BY 1`
    )
    expect(workbook.worksheets.map((s) => s.name).sort()).toEqual(expected.map((e) => e.name.slice(0, 30)).sort())
    for (const e of expected) expect(workbook.getWorksheet(e.name.slice(0, 30))!.rowCount).toBe(Number(e.n) + 1)

    const sheet = workbook.worksheets[0]!
    const header = (sheet.getRow(1).values as Array<unknown>).slice(1)
    expect(header.slice(0, 12)).toEqual([
      "CODIGO ASISTENCIA",
      "N° CASO",
      "N° POLIZA",
      "RUT ASEGURADO",
      "FECHA DE ATENCIÓN",
      "BENEFICIARIO",
      "NACIMIENTO",
      "TIPO DE ATENCIÓN",
      "MONTO DE REEMBOLSO",
      "DESCUENTO POR I-MED",
      "REGIÓN",
      "CONTACTO"
    ])
    expect(header.slice(12)).toEqual([
      "FECHA DE APERTURA",
      "FECHA DEL EVENTO",
      "CANAL",
      "PRODUCTO",
      "NOMBRE TITULAR",
      "RUT BENEFICIARIO",
      "RELACIÓN",
      "SERVICIO",
      "PROCEDIMIENTO",
      "ETAPA",
      "ESTADO",
      "COMUNA"
    ])
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 })
    expect(sheet.autoFilter).toBeTruthy()

    // A line read back against the case page's own answer.
    const row = sheet.getRow(2)
    const number = row.getCell(2).value as number
    const [id] = await sqlRows<{ id: string; created_at: Date }>((sql) => sql`SELECT id::text AS id, created_at FROM assistance_case WHERE number = ${number}`)
    const page = (await get(`/api/case/getById/${id!.id}`)).json
    expect(row.getCell(3).value).toBe(page.policy.number)
    expect(row.getCell(4).value).toBe(Rut.format(page.insured.rut))
    expect(row.getCell(5).value).toEqual(new Date(`${page.event.date}T00:00:00Z`))
    expect(row.getCell(5).numFmt).toBe("dd-mm-yyyy")
    // The opening's day is Chile's, whatever the server's zone.
    const openedDay = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago" }).format(id!.created_at)
    expect(row.getCell(13).value).toEqual(new Date(`${openedDay}T00:00:00Z`))
    expect(row.getCell(13).numFmt).toBe("dd-mm-yyyy")
    expect(row.getCell(8).value).toBe(page.assistance.name)
    expect(row.getCell(15).value).toBe(page.retail.name)
    expect(row.getCell(23).value).toBe(page.status.isClosed ? "Cerrado" : "Abierto")
  })

  it("writes amounts as CLP numbers and text that looks like a formula as text", async () => {
    const insuredRut = await sqlRows<{ rut: string }>((sql) => sql`SELECT rut FROM insured WHERE id = ${f.insured}`)
    const renamed = await send(server.url, "POST", "/api/insured/upsert", {
      token: tokens.admin,
      body: JSON.stringify({ rut: insuredRut[0]!.rut, name: '=HYPERLINK("http://x")', phone: "+56 9 1111 2222" })
    })
    expect(renamed.status).toBe(200)
    const opened = (await send(server.url, "POST", "/api/case/upsert", { token: tokens.user, body: JSON.stringify(newCase(f)) })).json as Json
    const refund = await send(server.url, "POST", "/api/case/upsert", {
      token: tokens.user,
      headers: { "if-match": `"${opened.version}"` },
      body: JSON.stringify({ ...opened, procedure_id: f.procedures.refund, refund: { amount: { required: 123456, currency: "P" }, imed: { required: 0 } } })
    })
    expect(refund.status, JSON.stringify(refund.json)).toBe(200)
    const { bytes } = await download(`retail_id=${f.retail}&case_date=Hoy`)
    const sheet = (await workbookOf(bytes)).worksheets[0]!
    const line = sheet.getRows(2, sheet.rowCount - 1)!.find((r) => r.getCell(2).value === opened.case_number)!
    expect(line).toBeDefined()
    expect(line.getCell(17).value).toMatch(/^=HYPERLINK/)
    expect(line.getCell(17).type).toBe(ExcelJS.ValueType.String)
    expect(line.getCell(17).formula).toBeUndefined()
    expect(line.getCell(9).value).toBe(123456)
    expect(line.getCell(9).numFmt).toBe('"$"#,##0')
  })

  it("puts the cases without a channel on a last sheet, «No Retail»", async () => {
    const [moved] = await sqlRows<{ number: number }>(
      (sql) => sql`UPDATE assistance_case SET retail_id = NULL WHERE number = (SELECT max(number) FROM assistance_case) RETURNING number`
    )
    const workbook = await workbookOf((await download("retail_id=Todos")).bytes)
    const last = workbook.worksheets.at(-1)!
    expect(last.name).toBe("No Retail")
    expect(last.rowCount).toBe(2)
    expect(last.getRow(2).getCell(2).value).toBe(Number(moved!.number))
    expect(workbook.worksheets.slice(0, -1).every((sheet) => sheet.name !== "No Retail")).toBe(true)
  })

  it("finds nothing: 404 with a Spanish message and no file", async () => {
    const { status, headers, bytes } = await download("case_date=1999-01")
    expect(status).toBe(404)
    expect(headers.get("content-disposition")).toBeNull()
    expect(JSON.parse(new TextDecoder().decode(bytes)).message).toBe("No hay casos para exportar con estos filtros.")
  })
})
