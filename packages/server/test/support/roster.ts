import ExcelJS from "exceljs"
import { type BulkLoadJob, type Call, type FileFormat, type FileFormatInput, isBulkLoadFinished } from "@palma/core"
import { type PlanFixture, planFixture, rutOf } from "./catalogFixture.js"

export type RosterCellValue = string | number | Date | null | { readonly formula: string; readonly result?: string | number }

/** A roster workbook: a header row, then one row per array, written as a channel would. */
export const rosterWorkbook = async (
  headers: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<RosterCellValue>>,
  options: { readonly secondSheet?: boolean } = {}
): Promise<Uint8Array<ArrayBuffer>> => {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet("Asegurados")
  sheet.addRow([...headers])
  for (const row of rows) sheet.addRow(row.map((cell) => cell as ExcelJS.CellValue))
  if (options.secondSheet) workbook.addWorksheet("Notas").addRow(["RUT", "Nombre", "Apellido Paterno"])
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

/** A plan (see planFixture) with a roster format of these columns, as an admin sets it up. */
export const rosterPlan = async (
  admin: Call,
  tag: string,
  rutBody: number,
  columns: FileFormatInput["fields"] | ((plan: PlanFixture) => FileFormatInput["fields"])
): Promise<PlanFixture> => {
  const plan = await planFixture(admin, tag, rutBody)
  const fields = typeof columns === "function" ? columns(plan) : columns
  await admin((c) => c.fileFormat.create({ payload: { productPlan_id: plan.planId, fields } }))
  return plan
}

/** A plan's format filled as a channel would: each person's fields by id, any other column a value of its type. */
export const rosterForFormat = (format: FileFormat, people: ReadonlyArray<Readonly<Record<string, string>>>): Promise<Uint8Array<ArrayBuffer>> =>
  rosterWorkbook(
    format.map((c) => c.header),
    people.map((person) =>
      format.map((c) => person[c.field_id] ?? (c.field_format === "yyyy-mm-dd" ? "01-01-2020" : c.field_format === "Número" ? "3" : "Texto"))
    )
  )

/** The roster form as the original client sends it (FormData), with Palma's flags when given. */
export const rosterForm = (
  fields: { readonly retailId: string; readonly planId: string; readonly dryRun?: boolean; readonly removeMissing?: boolean },
  bytes: Uint8Array,
  fileName = "asegurados.xlsx"
) => {
  const form = new FormData()
  // The copy sits on a plain ArrayBuffer, as the DOM's Blob type asks (the web tests compile with it).
  form.append("file", new Blob([bytes.slice()]), fileName)
  form.append("fileName", fileName)
  form.append("retail_id", fields.retailId)
  form.append("productPlan_id", fields.planId)
  if (fields.dryRun !== undefined) form.append("dryRun", String(fields.dryRun))
  if (fields.removeMissing !== undefined) form.append("removeMissing", String(fields.removeMissing))
  return form
}

/** Polls a job until it ends or waits for a confirmation. */
export const settled = async (
  call: Call,
  id: string,
  read: (call: Call, id: string) => Promise<BulkLoadJob> = (c, job) => c((api) => api.bulkLoad.upload({ path: { id: job } }))
): Promise<BulkLoadJob> => {
  for (;;) {
    const job = await read(call, id)
    if (isBulkLoadFinished(job.status) || job.status === "ready") return job
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

/** `n` distinct valid RUTs from `start`. */
export const ruts = (start: number, n: number) => Array.from({ length: n }, (_, i) => rutOf(start + i))
