import { describe, expect, it } from "vitest"
import { csvField, neutralizeFormula, renderCsv } from "../src/output/csv.js"
import { type Column, formatCell, toGrid } from "../src/output/cells.js"
import { renderTable } from "../src/output/table.js"

interface Row {
  readonly id: string
  readonly name: string
  readonly rut: string
  readonly score: number
  readonly isActive: boolean
}

const columns: ReadonlyArray<Column<Row>> = [
  { header: "Nombre", kind: "text", value: (row) => row.name },
  { header: "RUT", kind: "rut", value: (row) => row.rut },
  { header: "Puntaje", kind: "number", value: (row) => row.score },
  { header: "Activo", kind: "boolean", value: (row) => row.isActive }
]

const rows: ReadonlyArray<Row> = [
  { id: "1", name: "Gasfitería", rut: "123456785", score: 5, isActive: true },
  { id: "2", name: "Cerrajería urgente", rut: "11111111-1", score: 10, isActive: false }
]

describe("formatCell", () => {
  it("reads booleans as Sí/No, RUTs with dots and null as empty", () => {
    expect(formatCell("boolean", true)).toBe("Sí")
    expect(formatCell("boolean", false)).toBe("No")
    expect(formatCell("rut", "123456785")).toBe("12.345.678-5")
    expect(formatCell("rut", "12.345.678-9")).toBe("12.345.678-9")
    expect(formatCell("text", null)).toBe("")
    expect(formatCell("number", 42)).toBe("42")
  })
})

describe("renderTable", () => {
  it("aligns columns under Spanish headers, numbers to the right", () => {
    expect(renderTable(toGrid(columns, rows))).toBe(
      [
        "Nombre              RUT           Puntaje  Activo",
        "------------------  ------------  -------  ------",
        "Gasfitería          12.345.678-5        5  Sí",
        "Cerrajería urgente  11.111.111-1       10  No",
        ""
      ].join("\n")
    )
  })

  it("measures composed and decomposed accents alike", () => {
    const grid = {
      headers: ["A", "B"],
      rightAligned: [false, false],
      rows: [
        ["Pe\u0301rez", "x"],
        ["Pérez", "y"]
      ]
    }
    const lines = renderTable(grid).split("\n")
    expect(lines[2]).toBe("Pérez  x")
    expect(lines[3]).toBe("Pérez  y")
  })

  it("turns control characters from the server into spaces", () => {
    const grid = { headers: ["Nombre"], rightAligned: [false], rows: [["uno\ndos\u001b[31m"]] }
    expect(renderTable(grid)).not.toContain("\u001b")
    expect(renderTable(grid).split("\n")[2]).toBe("uno dos [31m")
  })

  it("says so when there is nothing to show", () => {
    expect(renderTable(toGrid(columns, []))).toBe("Sin registros.\n")
  })
})

describe("CSV", () => {
  it("writes RFC 4180 records with CRLF and quotes only where needed", () => {
    expect(renderCsv(toGrid(columns, rows))).toBe("Nombre,RUT,Puntaje,Activo\r\nGasfitería,12.345.678-5,5,Sí\r\nCerrajería urgente,11.111.111-1,10,No\r\n")
    expect(csvField('dice "hola", luego\nsigue')).toBe('"dice ""hola"", luego\nsigue"')
  })

  it.each(["=1+1", "+56 9 1234 5678", "-2+3", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x","y")'])("neutralizes the formula-looking cell %j", (cell) => {
    expect(neutralizeFormula(cell)).toBe(`'${cell}`)
    const field = csvField(cell)
    expect(field.replace(/^"/, "").startsWith("'")).toBe(true)
  })

  it("quotes a neutralized formula that also holds a comma or quote", () => {
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`)
  })

  it("leaves plain numbers and ordinary text alone", () => {
    expect(neutralizeFormula("-5")).toBe("-5")
    expect(neutralizeFormula("-3,5")).toBe("-3,5")
    expect(neutralizeFormula("Hogar")).toBe("Hogar")
    expect(neutralizeFormula("a=b")).toBe("a=b")
  })
})
