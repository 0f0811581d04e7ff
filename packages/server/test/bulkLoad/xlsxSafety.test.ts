import ExcelJS from "exceljs"
import { describe, expect, it } from "vitest"
import { BULK_LOAD_MAX_BYTES } from "@palma/core/domain"
import { checkXlsx, XLSX_MAX_ENTRIES } from "../../src/bulkLoad/xlsxSafety.js"
import { type ZipEntry as Entry, zip } from "../support/zip.js"

const text = (s: string) => new Uint8Array(Buffer.from(s))
const xlsxParts: ReadonlyArray<Entry> = [
  { name: "[Content_Types].xml", data: text("<Types/>"), deflate: true },
  { name: "xl/workbook.xml", data: text("<workbook/>"), deflate: true },
  { name: "xl/worksheets/sheet1.xml", data: text("<worksheet/>"), deflate: true }
]

const realWorkbook = async (): Promise<Uint8Array> => {
  const workbook = new ExcelJS.Workbook()
  workbook.addWorksheet("Asegurados").addRow(["RUT", "Nombre"])
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

const NOT_XLSX = "El archivo no es un Excel .xlsx"
const TOO_BIG = "El archivo se descomprime a un tamaño excesivo (posible archivo malicioso)"

describe("checkXlsx", () => {
  it("accepts a workbook written by exceljs", async () => {
    expect(checkXlsx(await realWorkbook())).toBeUndefined()
  })

  it("accepts a minimal hand-made xlsx, with or without a comment after the directory", () => {
    expect(checkXlsx(zip(xlsxParts))).toBeUndefined()
    expect(checkXlsx(zip(xlsxParts, { comment: "PK\x05\x06 not the end" }))).toBeUndefined()
  })

  it("refuses a renamed text file and an empty file", () => {
    expect(checkXlsx(text("RUT;Nombre\n12345678-5;Ana\n"))).toBe(NOT_XLSX)
    expect(checkXlsx(new Uint8Array())).toBe(NOT_XLSX)
  })

  it("refuses a real zip that is not a workbook", () => {
    expect(checkXlsx(zip([{ name: "readme.txt", data: text("hola"), deflate: true }]))).toBe(NOT_XLSX)
    expect(checkXlsx(zip(xlsxParts.filter((e) => e.name !== "xl/workbook.xml")))).toBe(NOT_XLSX)
    expect(checkXlsx(zip(xlsxParts.filter((e) => !e.name.startsWith("xl/worksheets/"))))).toBe(NOT_XLSX)
    // A worksheet must sit directly in xl/worksheets/, not in a subfolder.
    const nested = xlsxParts.map((e) => (e.name.startsWith("xl/worksheets/") ? { ...e, name: "xl/worksheets/_rels/sheet1.xml" } : e))
    expect(checkXlsx(zip(nested))).toBe(NOT_XLSX)
  })

  it("refuses a zip bomb: a 50 MB entry of zeros that deflates to a few KB", () => {
    const bomb = zip([...xlsxParts, { name: "xl/worksheets/sheet2.xml", data: new Uint8Array(50 * 1024 * 1024), deflate: true }])
    expect(bomb.byteLength).toBeLessThan(200 * 1024)
    expect(checkXlsx(bomb)).toBe(TOO_BIG)
  })

  it("refuses entries that together declare more than 200 MB, even at a modest ratio", () => {
    const declared = Array.from({ length: 5 }, (_, i) => ({
      name: `xl/media/image${i}.bin`,
      data: new Uint8Array(1024 * 1024),
      declaredSize: 50 * 1024 * 1024
    }))
    // Each entry is stored (1 MB) and claims 50 MB: ratio 50, under the bomb threshold, but 250 MB in all.
    expect(checkXlsx(zip([...xlsxParts, ...declared]))).toBe(TOO_BIG)
  })

  it("accepts a large entry that compresses reasonably", () => {
    const noise = new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 2654435761) >>> 24)
    expect(checkXlsx(zip([...xlsxParts, { name: "xl/media/image1.bin", data: noise, deflate: true }]))).toBeUndefined()
  })

  it("refuses a file over 20 MB before looking inside", () => {
    const big = new Uint8Array(BULK_LOAD_MAX_BYTES + 1)
    big.set(zip(xlsxParts))
    expect(checkXlsx(big)).toBe("El archivo supera el máximo de 20 MB")
  })

  it("refuses too many entries", () => {
    const many = Array.from({ length: XLSX_MAX_ENTRIES + 1 }, (_, i) => ({ name: `x${i}`, data: new Uint8Array() }))
    expect(checkXlsx(zip([...xlsxParts, ...many]))).toBe("El archivo contiene demasiadas partes (posible archivo malicioso)")
  })

  it("refuses ZIP64 markers", () => {
    const bytes = zip(xlsxParts)
    const view = new DataView(bytes.buffer)
    view.setUint16(bytes.byteLength - 22 + 10, 0xffff, true)
    view.setUint16(bytes.byteLength - 22 + 8, 0xffff, true)
    expect(checkXlsx(bytes)).toBe("El archivo Excel usa un formato comprimido no soportado")
    const sized = zip([...xlsxParts, { name: "xl/media/a.bin", data: new Uint8Array(4), declaredSize: 0xffffffff }])
    expect(checkXlsx(sized)).toBe("El archivo Excel usa un formato comprimido no soportado")
  })

  it("refuses a truncated file and a central directory pointing outside it", () => {
    const bytes = zip(xlsxParts)
    expect(checkXlsx(bytes.subarray(0, bytes.byteLength - 30))).toBe("El archivo Excel está dañado o incompleto")
    const outside = zip(xlsxParts)
    new DataView(outside.buffer).setUint32(outside.byteLength - 22 + 16, outside.byteLength, true)
    expect(checkXlsx(outside)).toBe("El archivo Excel está dañado o incompleto")
  })
})
