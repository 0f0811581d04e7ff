import { Effect } from "effect"
import type { FileFormat, RosterField } from "@palma/core/domain"
import { importExcelJS } from "../lazyImports.js"

const DATE_FIELDS: ReadonlySet<string> = new Set(["birthDate", "initialDate", "endDate"])
/** Kept as typed: a RUT's K, a comuna's leading zero ("05101") and a phone's + must not become numbers. */
const TEXT_FIELDS: ReadonlySet<string> = new Set(["rut", "district", "phone"])

const numberFormatOf = (field: string, known: ReadonlyMap<string, RosterField>): string | undefined => {
  if (DATE_FIELDS.has(field) || known.get(field)?.valueType_code === "D") return "dd-mm-yyyy"
  if (TEXT_FIELDS.has(field)) return "@"
  return undefined
}

const widthOf = (header: string) => Math.min(Math.max(header.length + 4, 14), 60)

/**
 * An empty roster workbook for a format: one sheet whose first row is exactly the format's
 * headers in order (bold, frozen), columns wide enough to read them and typed where it matters.
 */
export const buildTemplate = (format: FileFormat, fields: ReadonlyArray<RosterField>): Effect.Effect<Uint8Array> =>
  Effect.promise(async () => {
    const known = new Map(fields.map((f) => [f.field, f]))
    const ExcelJS = await importExcelJS()
    const workbook = new ExcelJS.Workbook()
    workbook.creator = "Palma"
    const sheet = workbook.addWorksheet("Asegurados", { views: [{ state: "frozen", ySplit: 1 }] })
    sheet.columns = format.map((column) => {
      const numFmt = numberFormatOf(column.field_id, known)
      return { header: column.header, width: widthOf(column.header), ...(numFmt ? { style: { numFmt } } : {}) }
    })
    sheet.getRow(1).font = { bold: true }
    const buffer = await workbook.xlsx.writeBuffer()
    return new Uint8Array(buffer)
  })
