import ExcelJS from "exceljs"
import { type BulkLoadJob, type Call, isBulkLoadFinished } from "@palma/core"
import { rutOf } from "./catalogFixture.js"

export type RosterCellValue = string | number | Date | null | { readonly formula: string; readonly result?: string | number }

/** A roster workbook: a header row, then one row per array, written as a channel would. */
export const rosterWorkbook = async (
  headers: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<RosterCellValue>>,
  options: { readonly secondSheet?: boolean } = {}
): Promise<Uint8Array> => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet("Asegurados")
  sheet.addRow([...headers])
  for (const row of rows) sheet.addRow(row.map((cell) => cell as ExcelJS.CellValue))
  if (options.secondSheet) workbook.addWorksheet("Notas").addRow(["RUT", "Nombre", "Apellido Paterno"])
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

/** The roster form as the original client sends it (FormData), with Palma's flags when given. */
export const rosterForm = (
  fields: { readonly retailId: string; readonly planId: string; readonly dryRun?: boolean; readonly removeMissing?: boolean },
  bytes: Uint8Array,
  fileName = "asegurados.xlsx"
) => {
  const form = new FormData()
  form.append("file", new Blob([bytes]), fileName)
  form.append("fileName", fileName)
  form.append("retail_id", fields.retailId)
  form.append("productPlan_id", fields.planId)
  if (fields.dryRun !== undefined) form.append("dryRun", String(fields.dryRun))
  if (fields.removeMissing !== undefined) form.append("removeMissing", String(fields.removeMissing))
  return form
}

/** Polls a job until it ends or waits for a confirmation. */
export const settled = async (call: Call, id: string): Promise<BulkLoadJob> => {
  for (;;) {
    const job = await call((c) => c.bulkLoad.upload({ path: { id } }))
    if (isBulkLoadFinished(job.status) || job.status === "ready") return job
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** `n` distinct valid RUTs from `start`. */
export const ruts = (start: number, n: number) => Array.from({ length: n }, (_, i) => rutOf(start + i))
