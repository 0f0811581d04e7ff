import { Effect } from "effect"
import { importExcelJS } from "../lazyImports.js"

export interface FailedRow {
  readonly row: number
  readonly reasons: ReadonlyArray<string>
  /** The row's cells as read, by column header. */
  readonly cells: Readonly<Record<string, string>>
}

/**
 * The failed rows of an upload as a workbook the person can fix and upload again: the format's
 * headers in order with each row's cells as read, then "Fila" (its row in the uploaded file) and
 * "Motivo". Cells are written as strings, so nothing in them becomes a formula.
 */
export const buildErrorWorkbook = (headers: ReadonlyArray<string>, rows: ReadonlyArray<FailedRow>): Effect.Effect<Uint8Array> =>
  Effect.promise(async () => {
    const ExcelJS = await importExcelJS()
    const workbook = new ExcelJS.Workbook()
    workbook.creator = "Palma"
    const sheet = workbook.addWorksheet("Errores", { views: [{ state: "frozen", ySplit: 1 }] })
    sheet.columns = [...headers, "Fila", "Motivo"].map((header) => ({ header, width: Math.min(Math.max(header.length + 4, 14), 60) }))
    sheet.getColumn(headers.length + 2).width = 80
    sheet.getRow(1).font = { bold: true }
    for (const failed of rows) {
      const added = sheet.addRow([...headers.map(() => null), failed.row, failed.reasons.join("; ")])
      headers.forEach((header, i) => {
        const text = failed.cells[header]
        // A string value: exceljs writes it as a string cell whatever it starts with.
        if (text !== undefined && text !== "") added.getCell(i + 1).value = text
      })
    }
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: headers.length + 2 } }
    return new Uint8Array(await workbook.xlsx.writeBuffer())
  })
