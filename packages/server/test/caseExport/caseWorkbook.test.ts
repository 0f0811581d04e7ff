import { PassThrough } from "node:stream"
import { Effect } from "effect"
import ExcelJS from "exceljs"
import { describe, expect, it } from "vitest"
import type { ExportLine, ExportRetail } from "../../src/caseExport/CaseExportRepo.js"
import { writeCaseWorkbook } from "../../src/caseExport/caseWorkbook.js"

const line = (number: number, retail: string): ExportLine => ({
  number,
  created_day: 46082,
  event_day: 46082,
  retail,
  product_name: "Hogar",
  policy_number: null,
  insured_rut: null,
  insured_name: "",
  beneficiary_rut: null,
  attended_name: "",
  attended_birth_day: null,
  relationship: "",
  assistance_id: null,
  assistance_name: "",
  procedure_name: "",
  stage_name: "Abierto",
  is_closed: false,
  refund_amount: null,
  imed_amount: null,
  district_name: "",
  region_name: "",
  contact: ""
})

describe("casos.xlsx written page by page", () => {
  it("has every case of each channel once, in order, across pages read ahead of the writing", async () => {
    const retails: ReadonlyArray<ExportRetail> = [
      { retail_id: "a", name: "Canal A" },
      { retail_id: "b", name: "Canal B" }
    ]
    // Canal A: cases 1, 3, 5… (1 250 of them); Canal B: 2, 4, 6… (7 of them); pages of 500.
    const numbers = { a: Array.from({ length: 1250 }, (_, i) => 2 * i + 1), b: Array.from({ length: 7 }, (_, i) => 2 * i + 2) }
    const asked: Array<[string, number]> = []
    const pages = (retail: ExportRetail, after: number) =>
      Effect.sync(() => {
        asked.push([retail.retail_id!, after])
        const of = retail.retail_id === "a" ? numbers.a : numbers.b
        return of
          .filter((n) => n > after)
          .slice(0, 500)
          .map((n) => line(n, retail.name))
      })
    const out = new PassThrough()
    const chunks: Array<Buffer> = []
    out.on("data", (chunk: Buffer) => chunks.push(chunk))
    await Effect.runPromise(writeCaseWorkbook(out, retails, pages))
    const workbook = new ExcelJS.Workbook()
    const bytes = Buffer.concat(chunks)
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
    const column = (sheet: string) =>
      workbook
        .getWorksheet(sheet)!
        .getColumn(2)
        .values.slice(2)
        .map((v) => Number(v))
    expect(column("Canal A")).toEqual(numbers.a)
    expect(column("Canal B")).toEqual(numbers.b)
    expect(asked).toEqual([
      ["a", 0],
      ["a", 999],
      ["a", 1999],
      ["a", 2499],
      ["b", 0],
      ["b", 14]
    ])
  })
})

describe("casos.xlsx when a page cannot be read", () => {
  it("fails with the page's error and never ends the file", async () => {
    const retails: ReadonlyArray<ExportRetail> = [{ retail_id: "a", name: "Canal A" }]
    const pages = (_retail: ExportRetail, after: number) =>
      after === 0 ? Effect.succeed([line(1, "Canal A"), line(2, "Canal A")]) : Effect.fail("la base de datos no respondió" as const)
    const out = new PassThrough()
    out.resume()
    const exit = await Effect.runPromiseExit(writeCaseWorkbook(out, retails, pages))
    expect(exit).toMatchObject({ _tag: "Failure", cause: { _tag: "Fail", error: "la base de datos no respondió" } })
    expect(out.writableEnded).toBe(false)

    // The next export gets a whole file (the thread of the failed one is not reused).
    const next = new PassThrough()
    const chunks: Array<Buffer> = []
    next.on("data", (chunk: Buffer) => chunks.push(chunk))
    await Effect.runPromise(writeCaseWorkbook(next, retails, (_retail, after) => Effect.succeed(after === 0 ? [line(1, "Canal A")] : [])))
    const bytes = Buffer.concat(chunks)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
    expect(workbook.getWorksheet("Canal A")!.getRow(2).getCell(2).value).toBe(1)
  })
})
