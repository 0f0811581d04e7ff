import ExcelJS from "exceljs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PassThrough } from "node:stream"
import { describe, expect, it } from "vitest"
import { readRosterSheet, RosterFileError, type RosterColumn, type SheetRow } from "../../src/bulkLoad/rosterSheet.js"

const columns: ReadonlyArray<RosterColumn> = [
  { field_id: "rut", header: "RUT", required: true },
  { field_id: "name", header: "Nombre", required: true },
  { field_id: "paternalLastName", header: "Apellido paterno", required: true },
  { field_id: "birthDate", header: "Fecha de nacimiento", required: false },
  { field_id: "endDate", header: "Fecha de término", required: false },
  { field_id: "Patente", header: "Patente", required: false }
]

const xlsx = async (build: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> => {
  const workbook = new ExcelJS.Workbook()
  build(workbook)
  return new Uint8Array(await workbook.xlsx.writeBuffer())
}

const sheetOf = (rows: ReadonlyArray<ReadonlyArray<ExcelJS.CellValue>>) => (workbook: ExcelJS.Workbook) => {
  const sheet = workbook.addWorksheet("Asegurados")
  for (const row of rows) sheet.addRow([...row])
}

const all = async (rows: AsyncIterable<SheetRow>): Promise<Array<SheetRow>> => {
  const out: Array<SheetRow> = []
  for await (const row of rows) out.push(row)
  return out
}

const fileError = async (promise: Promise<unknown>): Promise<RosterFileError> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e
  )
  expect(error).toBeInstanceOf(RosterFileError)
  // Narrowed by the assertion above.
  return error as RosterFileError
}

const blank = { rut: null, name: null, paternalLastName: null, birthDate: null, endDate: null, Patente: null }

/** An .xlsx as a channel's system streams it out: inline strings, no shared strings part. */
const streamedXlsx = async (rows: ReadonlyArray<ReadonlyArray<ExcelJS.CellValue>>): Promise<Uint8Array> => {
  const stream = new PassThrough()
  const chunks: Array<Buffer> = []
  stream.on("data", (chunk: Buffer) => chunks.push(chunk))
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream, useSharedStrings: false })
  const sheet = writer.addWorksheet("Asegurados")
  for (const row of rows) sheet.addRow([...row]).commit()
  sheet.commit()
  await writer.commit()
  return new Uint8Array(Buffer.concat(chunks))
}

describe("readRosterSheet", () => {
  it("matches headers by text whatever their accents, case, spacing and order, and ignores extra columns", async () => {
    const bytes = await xlsx(
      sheetOf([[], ["  APELLIDO   paterno ", "rut", "Notas", "FECHA DE TERMINO", "nómbre"], ["Pérez", "12.345.678-5", "cualquier cosa", "31-12-2025", "Ana"]])
    )
    const { headers, rows } = await readRosterSheet(bytes, columns)
    expect(headers).toEqual(["APELLIDO   paterno", "rut", "Notas", "FECHA DE TERMINO", "nómbre"])
    expect(await all(rows)).toEqual([{ row: 3, cells: { ...blank, rut: "12.345.678-5", name: "Ana", paternalLastName: "Pérez", endDate: "31-12-2025" } }])
  })

  it("names every missing required column by the format's header", async () => {
    const bytes = await xlsx(sheetOf([["Apellido paterno", "Patente"]]))
    const error = await fileError(readRosterSheet(bytes, columns))
    expect(error.message).toBe('Faltan columnas obligatorias en el archivo: "RUT", "Nombre"')
    expect(error.missing).toEqual(["RUT", "Nombre"])
  })

  it("does not ask for optional columns", async () => {
    const bytes = await xlsx(
      sheetOf([
        ["RUT", "Nombre", "Apellido paterno"],
        ["1-9", "Ana", "Pérez"]
      ])
    )
    const { rows } = await readRosterSheet(bytes, columns)
    expect(await all(rows)).toEqual([{ row: 2, cells: { ...blank, rut: "1-9", name: "Ana", paternalLastName: "Pérez" } }])
  })

  it("refuses a column that appears twice", async () => {
    const bytes = await xlsx(sheetOf([["RUT", "Nombre", "Apellido paterno", "nombre "]]))
    expect((await fileError(readRosterSheet(bytes, columns))).message).toBe('La columna "Nombre" está repetida en el archivo')
  })

  it("refuses a sheet without a header row, and a workbook without sheets", async () => {
    const empty = "El archivo no tiene una fila de encabezados"
    expect((await fileError(readRosterSheet(await xlsx((wb) => wb.addWorksheet("Vacía")), columns))).message).toBe(empty)
    expect((await fileError(readRosterSheet(await xlsx(() => undefined), columns))).message).toBe(empty)
  })

  it("refuses what exceljs cannot read", async () => {
    const unreadable = "No se pudo leer el archivo Excel"
    expect((await fileError(readRosterSheet(new TextEncoder().encode("RUT;Nombre\n"), columns))).message).toBe(unreadable)
    const good = await xlsx(sheetOf([["RUT", "Nombre", "Apellido paterno"]]))
    const cut = await fileError(readRosterSheet(good.subarray(0, good.byteLength / 2), columns))
    expect(cut.message).toBe(unreadable)
    // The reader's own error is named for the log (a bug in Palma's reading would look like a bad file otherwise).
    expect(cut.fault).toMatch(/^[A-Za-z]*Error$/)
  })

  it("names no fault when the file was read and refused for what it holds", async () => {
    const bytes = await xlsx(sheetOf([["RUT", "Nombre", "Apellido paterno", "nombre "]]))
    expect((await fileError(readRosterSheet(bytes, columns))).fault).toBeUndefined()
  })

  it("marks formulas as formulas (never their cached result), and resolves rich text, hyperlinks and errors", async () => {
    const bytes = await xlsx(
      sheetOf([
        ["RUT", "Nombre", "Apellido paterno", "Patente", "Fecha de nacimiento"],
        [
          { formula: '"1"&"-9"', result: "1-9" },
          { richText: [{ text: "An" }, { text: "a " }] },
          { text: "Pérez", hyperlink: "https://x.cl" },
          { formula: "1+1", result: 2 },
          { error: "#N/A" }
        ],
        [{ formula: 'HYPERLINK("x")' }, { formula: "1/0", result: { error: "#DIV/0!" } }, "Soto", { formula: "TRUE()", result: true }, null]
      ])
    )
    const { rows } = await readRosterSheet(bytes, columns)
    expect(await all(rows)).toEqual([
      { row: 2, cells: { ...blank, rut: { formula: '"1"&"-9"' }, name: "Ana", paternalLastName: "Pérez", Patente: { formula: "1+1" } } },
      { row: 3, cells: { ...blank, rut: { formula: 'HYPERLINK("x")' }, name: { formula: "1/0" }, paternalLastName: "Soto", Patente: { formula: "TRUE()" } } }
    ])
  })

  it("gives date-formatted cells as Dates, numbers as numbers and texts as texts", async () => {
    const bytes = await xlsx((workbook) => {
      const sheet = workbook.addWorksheet("Asegurados")
      sheet.addRow(["RUT", "Nombre", "Apellido paterno", "Fecha de nacimiento", "Fecha de término", "Patente"])
      const row = sheet.addRow(["1-9", "  Ana  ", "Pérez", new Date(Date.UTC(1990, 4, 17)), 45657, "  "])
      row.getCell(4).numFmt = "dd-mm-yyyy"
    })
    const { rows } = await readRosterSheet(bytes, columns)
    expect(await all(rows)).toEqual([
      { row: 2, cells: { ...blank, rut: "1-9", name: "Ana", paternalLastName: "Pérez", birthDate: new Date(Date.UTC(1990, 4, 17)), endDate: 45657 } }
    ])
  })

  it("reads only the first sheet", async () => {
    const bytes = await xlsx((workbook) => {
      sheetOf([
        ["RUT", "Nombre", "Apellido paterno"],
        ["1-9", "Ana", "Pérez"]
      ])(workbook)
      const other = workbook.addWorksheet("Instrucciones")
      other.addRow(["RUT", "Nombre", "Apellido paterno"])
      other.addRow(["2-7", "Otra", "Hoja"])
    })
    const { rows } = await readRosterSheet(bytes, columns)
    expect((await all(rows)).map((r) => r.cells["rut"])).toEqual(["1-9"])
  })

  it("skips rows with nothing in the format's columns", async () => {
    const bytes = await xlsx(sheetOf([["RUT", "Nombre", "Apellido paterno", "Notas"], [null, "  ", "", "solo una nota"], [], ["1-9", "Ana", "Pérez"]]))
    const { rows } = await readRosterSheet(bytes, columns)
    expect((await all(rows)).map((r) => r.row)).toEqual([4])
  })

  it("refuses more data rows than allowed, while reading them", async () => {
    const bytes = await xlsx(sheetOf([["RUT", "Nombre", "Apellido paterno"], ...Array.from({ length: 1001 }, (_, i) => [`${i}`, "Ana", "Pérez"])]))
    const { rows } = await readRosterSheet(bytes, columns, { maxRows: 1000 })
    expect((await fileError(all(rows))).message).toBe("El archivo tiene más de 1.000 filas de datos")
    const exact = await readRosterSheet(bytes, columns, { maxRows: 1001 })
    expect(await all(exact.rows)).toHaveLength(1001)
  })

  it("lets the rows be read once, stopped early", async () => {
    const bytes = await xlsx(sheetOf([["RUT", "Nombre", "Apellido paterno"], ...Array.from({ length: 5000 }, (_, i) => [`${i}`, "Ana", "Pérez"])]))
    const { rows } = await readRosterSheet(bytes, columns)
    for await (const row of rows) {
      expect(row.row).toBe(2)
      break
    }
    expect(() => rows[Symbol.asyncIterator]()).toThrow("Las filas del archivo solo se pueden leer una vez")
  })

  it("never copies a roster to the disk: sheets before shared strings, or no shared strings at all", async () => {
    // exceljs parks such a sheet in the temp dir; with none there, parking would fail the read.
    const tmp = process.env["TMPDIR"]
    process.env["TMPDIR"] = join(tmpdir(), `palma-no-such-dir-${process.pid}`)
    try {
      const data = [["RUT", "Nombre", "Apellido paterno"], ...Array.from({ length: 3000 }, (_, i) => [`${i}`, "Ana", `Pérez ${i}`])]
      const sheetsFirst = await xlsx((workbook) => {
        sheetOf(data)(workbook)
        workbook.addWorksheet("Otra").addRow(["x"])
      })
      for (const bytes of [sheetsFirst, await streamedXlsx(data)]) {
        const { rows } = await readRosterSheet(bytes, columns)
        const read = await all(rows)
        expect(read).toHaveLength(3000)
        expect(read.at(-1)?.cells["paternalLastName"]).toBe("Pérez 2999")
      }
    } finally {
      if (tmp === undefined) delete process.env["TMPDIR"]
      else process.env["TMPDIR"] = tmp
    }
  })

  it("skips a very large number of empty-looking rows quickly", async () => {
    const bytes = await streamedXlsx([
      ["RUT", "Nombre", "Apellido paterno", "Notas"],
      ...Array.from({ length: 100_000 }, (_, i) => [null, " ", null, i]),
      ["1-9", "Ana", "Pérez"]
    ])
    const { rows } = await readRosterSheet(bytes, columns)
    expect((await all(rows)).map((r) => r.row)).toEqual([100_002])
  })

  it("reads every accented letter whole, whatever chunk of the zip it falls across (exceljs, patched)", async () => {
    // Thousands of distinct names with ñ and tildes: the shared strings span many 16 KB chunks, so
    // some two-byte letters fall across a boundary (unpatched, row after row read "Mu\uFFFD\uFFFDoz").
    const names = Array.from({ length: 8000 }, (_, i) => `Muñoz Ñuñoa Peñalolén ${i}`)
    const { rows } = await readRosterSheet(await xlsx(sheetOf([["RUT", "Nombre", "Apellido paterno"], ...names.map((name) => ["1-9", "Ana", name])])), columns)
    expect((await all(rows)).map((r) => r.cells["paternalLastName"])).toEqual(names)
  })
})
