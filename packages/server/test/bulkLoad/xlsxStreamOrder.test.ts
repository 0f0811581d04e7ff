import ExcelJS from "exceljs"
import { describe, expect, it } from "vitest"
import { checkXlsx, readZipDirectory } from "../../src/bulkLoad/xlsxSafety.js"
import { xlsxStreamOrder } from "../../src/bulkLoad/xlsxStreamOrder.js"
import { zip } from "../support/zip.js"

const names = (bytes: Uint8Array) => {
  const directory = readZipDirectory(bytes)
  if (typeof directory === "string") throw new Error(directory)
  return [...directory.entries].sort((a, b) => a.localOffset - b.localOffset).map((e) => e.name)
}

describe("xlsxStreamOrder", () => {
  it("puts what a sheet needs before the sheets, and stays a workbook any reader opens with the same cells", async () => {
    const workbook = new ExcelJS.Workbook()
    workbook.addWorksheet("Asegurados").addRows([
      ["RUT", "Nombre"],
      ["1-9", "Ñuñoa"]
    ])
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer())
    const ordered = xlsxStreamOrder(bytes)
    const order = names(ordered)
    expect(order.indexOf("xl/sharedStrings.xml")).toBeLessThan(order.indexOf("xl/worksheets/sheet1.xml"))
    expect(order.indexOf("xl/_rels/workbook.xml.rels")).toBeLessThan(order.indexOf("xl/worksheets/sheet1.xml"))
    expect(new Set(order)).toEqual(new Set(names(bytes)))
    expect(checkXlsx(ordered)).toBeUndefined()
    const reread = new ExcelJS.Workbook()
    await reread.xlsx.load(Buffer.from(ordered) as unknown as ArrayBuffer)
    expect(reread.worksheets[0]!.getRow(2).values).toEqual([undefined, "1-9", "Ñuñoa"])
  })

  it("adds an empty shared strings part where there is none; leaves what is not a zip alone", () => {
    const text = (s: string) => new Uint8Array(Buffer.from(s))
    const bare = zip([
      { name: "xl/worksheets/sheet1.xml", data: text("<worksheet/>"), deflate: true },
      { name: "xl/workbook.xml", data: text("<workbook/>"), deflate: false }
    ])
    expect(names(xlsxStreamOrder(bare))).toEqual(["xl/workbook.xml", "xl/sharedStrings.xml", "xl/worksheets/sheet1.xml"])
    const junk = text("no es un zip")
    expect(xlsxStreamOrder(junk)).toBe(junk)
  })
})
