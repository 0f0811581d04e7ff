import type { Writable } from "node:stream"
import type ExcelJS from "exceljs"
import { format as formatRut, isValid as isValidRut } from "@palma/core/rut/Rut"
import type { ExportLine, ExportRetail } from "./CaseExportRepo.js"

type Cell = string | number | null

/** A column of casos.xlsx: its header, width and how it shows a line (a date column's cells are serial days, shown as dates by the format). */
interface Column {
  readonly header: string
  readonly width: number
  readonly format?: "date" | "clp"
  readonly of: (line: ExportLine) => Cell
}

const rut = (value: string | null) => (value === null ? "" : isValidRut(value) ? formatRut(value) : value)

/**
 * The original's twelve columns first, in its order, so spreadsheets that read the file keep
 * working (REGIÓN now really the region); then Palma's (DOMAIN "Exports and reports").
 */
export const caseColumns: ReadonlyArray<Column> = [
  { header: "CODIGO ASISTENCIA", width: 38, of: (l) => l.assistance_id ?? "" },
  { header: "N° CASO", width: 10, of: (l) => l.number },
  { header: "N° POLIZA", width: 12, of: (l) => l.policy_number ?? "" },
  { header: "RUT ASEGURADO", width: 14, of: (l) => rut(l.insured_rut) },
  { header: "FECHA DE ATENCIÓN", width: 14, format: "date", of: (l) => l.event_day },
  { header: "BENEFICIARIO", width: 32, of: (l) => l.attended_name },
  { header: "NACIMIENTO", width: 12, format: "date", of: (l) => l.attended_birth_day },
  { header: "TIPO DE ATENCIÓN", width: 24, of: (l) => l.assistance_name },
  { header: "MONTO DE REEMBOLSO", width: 16, format: "clp", of: (l) => l.refund_amount },
  { header: "DESCUENTO POR I-MED", width: 16, format: "clp", of: (l) => l.imed_amount },
  { header: "REGIÓN", width: 28, of: (l) => l.region_name },
  { header: "CONTACTO", width: 24, of: (l) => l.contact },
  { header: "FECHA DE APERTURA", width: 14, format: "date", of: (l) => l.created_day },
  { header: "FECHA DEL EVENTO", width: 14, format: "date", of: (l) => l.event_day },
  { header: "CANAL", width: 24, of: (l) => l.retail },
  { header: "PRODUCTO", width: 24, of: (l) => l.product_name },
  { header: "NOMBRE TITULAR", width: 32, of: (l) => l.insured_name },
  { header: "RUT BENEFICIARIO", width: 14, of: (l) => rut(l.beneficiary_rut) },
  { header: "RELACIÓN", width: 14, of: (l) => l.relationship },
  { header: "SERVICIO", width: 24, of: (l) => l.assistance_name },
  { header: "PROCEDIMIENTO", width: 22, of: (l) => l.procedure_name },
  { header: "ETAPA", width: 22, of: (l) => l.stage_name },
  { header: "ESTADO", width: 10, of: (l) => (l.is_closed ? "Cerrado" : "Abierto") },
  { header: "COMUNA", width: 20, of: (l) => l.district_name }
]

const numFmt = { date: "dd-mm-yyyy", clp: '"$"#,##0' } as const

/**
 * One style object per column, shared by its cells: exceljs remembers the style of an object it
 * has seen, where each cell's own copy of its column's style made it build and look up the style's
 * XML again, for every cell (a third of the thread's time over 100 000 cases).
 */
const cellStyles: ReadonlyArray<Partial<ExcelJS.Style>> = caseColumns.map((c) => (c.format ? { numFmt: numFmt[c.format] } : {}))

/**
 * A channel's sheet name as the original made it: at most 30 characters, `\ / ? * [ ] :` as `_`,
 * "No Retail" for cases without a channel; a name already used gets " (2)", " (3)"…
 */
export const sheetNames = (retails: ReadonlyArray<ExportRetail>): ReadonlyArray<string> => {
  const used = new Set<string>()
  return retails.map((c) => {
    const base = (c.retail_id === null || c.name.trim() === "" ? "No Retail" : c.name.trim()).replace(/[\\/?*[\]:]/g, "_").slice(0, 30)
    let name = base
    for (let n = 2; used.has(name.toLowerCase()); n++) name = `${base.slice(0, 30 - ` (${n})`.length)} (${n})`
    used.add(name.toLowerCase())
    return name
  })
}

/**
 * casos.xlsx written into `out` with exceljs's streaming writer: one sheet per channel, a frozen
 * header with filters, dates as Excel dates `dd-mm-yyyy`, amounts as numbers in CLP.
 */
export const openCaseWorkbook = (excel: typeof ExcelJS, out: Writable) => {
  const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  workbook.creator = "Palma"
  let sheet: ExcelJS.Worksheet | undefined
  const close = () => {
    sheet?.commit()
    sheet = undefined
  }
  return {
    sheet: (name: string) => {
      close()
      sheet = workbook.addWorksheet(name, { views: [{ state: "frozen", ySplit: 1 }] })
      sheet.columns = caseColumns.map((c) => ({ header: c.header, width: c.width, ...(c.format ? { style: { numFmt: numFmt[c.format] } } : {}) }))
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: caseColumns.length } }
      const header = sheet.getRow(1)
      header.font = { bold: true }
      header.commit()
    },
    lines: (lines: ReadonlyArray<ExportLine>) => {
      if (sheet === undefined) throw new Error("casos.xlsx: líneas antes de la primera hoja")
      for (const line of lines) {
        // Strings are written as string cells: text starting with = + - @ stays text, never a formula.
        const row = sheet.addRow(caseColumns.map((c) => c.of(line)))
        row.eachCell({ includeEmpty: true }, (cell, column) => (cell.style = cellStyles[column - 1]!))
        row.commit()
      }
    },
    commit: async () => {
      close()
      await workbook.commit()
    }
  }
}
