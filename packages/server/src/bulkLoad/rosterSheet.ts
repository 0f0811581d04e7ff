import type ExcelJS from "exceljs"
import { Readable } from "node:stream"
import { Effect } from "effect"
import { isColumnRequired, normalizeHeader } from "@palma/core/domain"
import { importExcelJS } from "../lazyImports.js"
import { startThread } from "../thread/startThread.js"
import type { FromRosterRead, ToRosterRead } from "./rosterReadMessages.js"
import { xlsxStreamOrder } from "./xlsxStreamOrder.js"

/** One column of the plan's format, as the reader needs it. */
export interface RosterColumn {
  readonly field_id: string
  readonly header: string
  readonly required: boolean
}

/**
 * A cell holding a formula, refused by the row's check: its cached result is whatever the file last
 * saved (a formula a program wrote may have none, or a stale one). Its text, for the error workbook
 * ("" when the file does not say it, as in a shared formula's copies).
 */
export interface FormulaCell {
  readonly formula: string
}

/** A cell as the row validation sees it: rich text and errors already resolved, a formula marked as one. */
export type RosterCell = string | number | boolean | Date | FormulaCell | null

export const isFormulaCell = (cell: RosterCell): cell is FormulaCell => typeof cell === "object" && cell !== null && !(cell instanceof Date)

export interface SheetRow {
  /** Excel's row number (1-based), so a reason can point at the row the person sees. */
  readonly row: number
  /** Keyed by field_id; every column of the format is present, null when absent or empty. */
  readonly cells: Readonly<Record<string, RosterCell>>
}

/** What is wrong with the file as a whole, in words for the person who sent it. */
export class RosterFileError extends Error {
  constructor(
    message: string,
    readonly missing: ReadonlyArray<string> = [],
    /**
     * When the file could not be read at all: the name of the reader's own error ("TypeError"…),
     * for the log, so a fault of exceljs or of Palma's ZIP reordering is told from a bad file.
     * Never its message, which may quote a cell.
     */
    readonly fault?: string
  ) {
    super(message)
    this.name = "RosterFileError"
  }
}

export const ROSTER_MAX_ROWS = 200_000

const UNREADABLE = "No se pudo leer el archivo Excel"

/** The name of an error, never its message (which may quote a cell). */
const faultName = (error: unknown): string => (error instanceof Error ? error.name : typeof error)

/** exceljs's own errors mean nothing to the user: any of them is an unreadable file. */
export const asFileError = (error: unknown): RosterFileError =>
  error instanceof RosterFileError ? error : new RosterFileError(UNREADABLE, [], faultName(error))

/** The Spanish reason a reading failed, for the person who sent the file. */
export const fileErrorMessage = (error: unknown): string => (error instanceof RosterFileError ? error.message : UNREADABLE)

/**
 * Logs why a file could not be read (the error's name only): the reader's fault, or anything
 * else that escaped it. A file refused for what it holds is not a fault and is not logged.
 */
export const logFault = (error: unknown): Effect.Effect<void> => {
  const fault = error instanceof RosterFileError ? error.fault : faultName(error)
  return fault === undefined ? Effect.void : Effect.logWarning(`Un archivo de asegurados no se pudo leer (${fault})`)
}

const validDate = (date: Date): Date | null => (Number.isNaN(date.getTime()) ? null : date)

const plain = (value: string | number | boolean | Date): RosterCell => {
  if (typeof value === "string") return value.trim() === "" ? null : value.trim()
  if (typeof value === "number") return Number.isFinite(value) ? value : null
  return typeof value === "boolean" ? value : validDate(value)
}

/** A cell's value as typed, or the formula it holds; never an error. */
const toRosterCell = (value: ExcelJS.CellValue): RosterCell => {
  if (value === null || value === undefined) return null
  if (typeof value !== "object" || value instanceof Date) return plain(value)
  if ("formula" in value || "sharedFormula" in value) return { formula: "formula" in value && typeof value.formula === "string" ? value.formula : "" }
  if ("richText" in value) return plain(value.richText.map((run) => run.text).join(""))
  if ("text" in value) return plain(value.text)
  return null
}

/** A header as written; one computed by a formula is its formula's text, so it names no column of the format. */
const headerText = (cell: RosterCell): string | null =>
  cell === null ? null : cell instanceof Date ? cell.toISOString().slice(0, 10) : isFormulaCell(cell) ? `=${cell.formula}` : String(cell)

const thousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ".")

/**
 * A skipped worksheet may already hold an open temporary file (exceljs parks sheets that come
 * before the shared strings on disk): starting and stopping its parse closes it.
 */
const closeSheet = async (sheet: ExcelJS.stream.xlsx.WorksheetReader) => {
  const events = sheet.parse()
  await events.next()
  await events.return?.()
}

/**
 * Lets exceljs run to its end in the background, each later sheet left unread, so that it
 * removes its temporary files; the roster itself is done by then, so failures do not matter.
 */
const drain = async (sheets: AsyncIterator<ExcelJS.stream.xlsx.WorksheetReader>) => {
  for (let next = await sheets.next(); !next.done; next = await sheets.next()) await closeSheet(next.value)
}

/** The rows of the workbook's first worksheet, streamed; the others are never parsed. */
async function* firstSheetRows(bytes: Uint8Array): AsyncGenerator<ExcelJS.Row> {
  const input = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)])
  const { stream } = await importExcelJS()
  const workbook = new stream.xlsx.WorkbookReader(input, {
    worksheets: "emit",
    sharedStrings: "cache",
    hyperlinks: "ignore",
    // Cached so that numbers in date-formatted cells come back as Dates.
    styles: "cache",
    entries: "emit"
  })
  const sheets = workbook[Symbol.asyncIterator]()
  const first = await sheets.next()
  if (first.done) return
  try {
    yield* first.value
  } finally {
    drain(sheets).catch(() => undefined)
  }
}

const nonEmptyCells = (row: ExcelJS.Row): ReadonlyArray<readonly [number, string]> => {
  const cells: Array<readonly [number, string]> = []
  row.eachCell((cell, col) => {
    const text = headerText(toRosterCell(cell.value))
    if (text !== null) cells.push([col, text])
  })
  return cells
}

/** Which file column feeds each field, by header text; refuses missing required and repeated ones. */
const mapHeaders = (headerRow: ReadonlyArray<readonly [number, string]>, columns: ReadonlyArray<RosterColumn>): ReadonlyMap<string, number> => {
  const byHeader = new Map(columns.map((column) => [normalizeHeader(column.header), column]))
  const found = new Map<string, number>()
  for (const [col, text] of headerRow) {
    const column = byHeader.get(normalizeHeader(text))
    if (column === undefined) continue
    if (found.has(column.field_id)) throw new RosterFileError(`La columna "${column.header}" está repetida en el archivo`)
    found.set(column.field_id, col)
  }
  const missing = columns.filter((column) => isColumnRequired(column) && !found.has(column.field_id)).map((column) => column.header)
  if (missing.length > 0) {
    throw new RosterFileError(`Faltan columnas obligatorias en el archivo: ${missing.map((header) => `"${header}"`).join(", ")}`, missing)
  }
  return found
}

/** Where the header row is, what it says and which file column feeds each field. */
interface Layout {
  readonly headerRow: number
  readonly headers: ReadonlyArray<string>
  readonly mapped: ReadonlyMap<string, number>
}

/** Reads up to the header row and lets go of the file: nothing stays open if the rows are never read. */
const readLayout = async (bytes: Uint8Array, columns: ReadonlyArray<RosterColumn>): Promise<Layout> => {
  const source = firstSheetRows(bytes)
  try {
    for (;;) {
      const next = await source.next()
      if (next.done) throw new RosterFileError("El archivo no tiene una fila de encabezados")
      const header = nonEmptyCells(next.value)
      if (header.length > 0) return { headerRow: next.value.number, headers: header.map(([, text]) => text), mapped: mapHeaders(header, columns) }
    }
  } catch (error) {
    throw asFileError(error)
  } finally {
    await source.return(undefined).catch(() => undefined)
  }
}

/** What reading a roster's data rows needs, once its header row is known: plain data, so a thread can take it. */
export interface RosterRead {
  readonly bytes: Uint8Array
  /** Each field of the format with the file column that feeds it (undefined: not in the file). */
  readonly fields: ReadonlyArray<readonly [string, number | undefined]>
  readonly headerRow: number
  readonly maxRows: number
}

/**
 * The data rows of a roster, read with exceljs: each a row's cells by field, rows with nothing in
 * the format's columns skipped. Runs on the roster thread (`rosterReadWorker.ts`).
 */
export async function* sheetDataRows(read: RosterRead): AsyncGenerator<SheetRow> {
  /** A data row's cells by field, or undefined when none of them holds anything. */
  const cellsOf = (row: ExcelJS.Row): Record<string, RosterCell> | undefined => {
    const cells: Record<string, RosterCell> = {}
    let any = false
    for (const [field, col] of read.fields) {
      const cell = col === undefined ? null : toRosterCell(row.findCell(col)?.value)
      cells[field] = cell
      any ||= cell !== null
    }
    return any ? cells : undefined
  }
  let count = 0
  try {
    for await (const row of firstSheetRows(read.bytes)) {
      if (row.number <= read.headerRow) continue
      const cells = cellsOf(row)
      if (cells === undefined) continue
      if (++count > read.maxRows) throw new RosterFileError(`El archivo tiene más de ${thousands(read.maxRows)} filas de datos`)
      yield { row: row.number, cells }
    }
  } catch (error) {
    throw asFileError(error)
  }
}

/**
 * The roster thread's heap: a small young generation collects exceljs's garbage as it goes; the old
 * one holds the file's shared strings (up to ~100 MB for a 20 MB file of distinct names).
 */
const rosterThreadLimits = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 256 }

/**
 * The data rows read on a thread of their own (`rosterReadWorker.ts`), a batch ahead of the one
 * being taken; the thread ends when the rows are done with, read whole or not.
 */
async function* threadRows(read: RosterRead): AsyncGenerator<SheetRow> {
  const worker = startThread({ name: "rosterReadWorker", source: new URL("./rosterReadWorker.ts", import.meta.url) }, rosterThreadLimits)
  const inbox: Array<FromRosterRead> = []
  let wake: (() => void) | undefined
  const receive = (message: FromRosterRead) => {
    inbox.push(message)
    wake?.()
    wake = undefined
  }
  worker.on("message", receive)
  worker.on("error", (error) => receive({ kind: "failed", message: UNREADABLE, missing: [], fault: error.name }))
  worker.on("exit", () => receive({ kind: "failed", message: UNREADABLE, missing: [], fault: "ThreadExit" }))
  const ask = (message: ToRosterRead) => worker.postMessage(message)
  try {
    ask({ kind: "read", read })
    ask({ kind: "more" })
    ask({ kind: "more" })
    for (;;) {
      while (inbox.length === 0) await new Promise<void>((resolve) => (wake = resolve))
      const message = inbox.shift()!
      if (message.kind === "end") return
      if (message.kind === "failed") throw new RosterFileError(message.message, message.missing, message.fault)
      ask({ kind: "more" })
      yield* message.rows
    }
  } finally {
    await worker.terminate()
  }
}

/**
 * Reads the roster in the first worksheet of an .xlsx (already vetted by `checkXlsx`): finds the
 * header row (the first with any text), matches it to the format's columns by header text, never
 * by position, and answers the file's headers with its data rows. The rows are read lazily, once,
 * from a second pass over the bytes, so a caller that only checks the headers holds nothing open.
 * Rows with nothing in the format's columns are skipped. A problem with the file as a whole,
 * here or while the rows are read, is a `RosterFileError`.
 */
export const readRosterSheet = async (
  bytes: Uint8Array,
  columns: ReadonlyArray<RosterColumn>,
  options?: { readonly maxRows?: number }
): Promise<{ readonly headers: ReadonlyArray<string>; readonly rows: AsyncIterable<SheetRow> }> => {
  const maxRows = options?.maxRows ?? ROSTER_MAX_ROWS
  const ordered = (() => {
    try {
      return xlsxStreamOrder(bytes)
    } catch (error) {
      throw asFileError(error)
    }
  })()
  const layout = await readLayout(ordered, columns)
  const fields = columns.map((column) => [column.field_id, layout.mapped.get(column.field_id)] as const)
  const read: RosterRead = { bytes: ordered, fields, headerRow: layout.headerRow, maxRows }
  const dataRows = () => threadRows(read)

  let taken = false
  return {
    headers: layout.headers,
    rows: {
      [Symbol.asyncIterator]: () => {
        if (taken) throw new Error("Las filas del archivo solo se pueden leer una vez")
        taken = true
        return dataRows()
      }
    }
  }
}
