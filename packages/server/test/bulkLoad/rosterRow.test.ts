import fc from "fast-check"
import { normalizeHeader, Rut } from "@palma/core"
import { describe, expect, it } from "vitest"
import { parseRosterRow, type RosterRecord, type RowLookups } from "../../src/bulkLoad/rosterRow.js"
import type { RosterCell, RosterColumn } from "../../src/bulkLoad/rosterSheet.js"

const columns: ReadonlyArray<RosterColumn> = [
  { field_id: "rut", header: "RUT", required: true },
  { field_id: "name", header: "Nombre", required: true },
  { field_id: "paternalLastName", header: "Apellido paterno", required: true },
  { field_id: "maternalLastName", header: "Apellido materno", required: false },
  { field_id: "birthDate", header: "Nacimiento", required: false },
  { field_id: "address", header: "Dirección", required: false },
  { field_id: "district", header: "Comuna", required: false },
  { field_id: "email", header: "Correo", required: true },
  { field_id: "phone", header: "Teléfono", required: false },
  { field_id: "initialDate", header: "Inicio", required: false },
  { field_id: "endDate", header: "Término", required: false },
  { field_id: "patente", header: "Patente", required: true },
  { field_id: "valor", header: "Valor asegurado", required: false },
  { field_id: "compra", header: "Fecha de compra", required: false },
  { field_id: "color", header: "Color", required: false }
]

const districts = new Map([
  ["santiago", "13101"],
  ["13101", "13101"],
  ["valparaiso", "05101"],
  ["05101", "05101"]
])
const valueTypes = new Map([
  ["patente", "S"],
  ["valor", "N"],
  ["compra", "D"],
  ["color", "C"]
])
const lookups: RowLookups = {
  district: (text) => districts.get(normalizeHeader(text)),
  valueType: (id) => valueTypes.get(id),
  today: "2025-06-15"
}

const minimal: Record<string, RosterCell> = { rut: "12.345.678-5", name: "Ana", paternalLastName: "Pérez", email: "ana@correo.cl", patente: "AB-CD-12" }
const parse = (cells: Record<string, RosterCell>) => parseRosterRow(cells, columns, lookups)
const recordOf = (cells: Record<string, RosterCell>): RosterRecord => {
  const result = parse(cells)
  if (!result.ok) throw new Error(`Se esperaba una fila válida: ${result.reasons.join("; ")}`)
  return result.record
}
const reasonsOf = (cells: Record<string, RosterCell>): ReadonlyArray<string> => {
  const result = parse(cells)
  return result.ok ? [] : result.reasons
}

describe("parseRosterRow", () => {
  it("builds the record of a complete row", () => {
    expect(
      recordOf({
        rut: "12.345.678-5",
        name: "Ana María",
        paternalLastName: "Pérez",
        maternalLastName: "Soto",
        birthDate: new Date(Date.UTC(1990, 4, 17)),
        address: "Av. Siempre Viva 742",
        district: "Valparaíso",
        email: "ana@correo.cl",
        phone: "+56 9 1234 5678",
        initialDate: "01-01-2025",
        endDate: 46022,
        patente: "AB-CD-12",
        valor: "1.234,5",
        compra: "2024-12-31",
        color: 7
      })
    ).toEqual({
      rut: "12345678-5",
      name: "Ana María",
      paternalLastName: "Pérez",
      maternalLastName: "Soto",
      birthDate: "1990-05-17",
      address: "Av. Siempre Viva 742",
      district: "05101",
      email: "ana@correo.cl",
      phone: "+56 9 1234 5678",
      initialDate: "2025-01-01",
      endDate: "2025-12-31",
      values: { patente: "AB-CD-12", valor: "1234.5", compra: "2024-12-31", color: "7" }
    })
  })

  it("leaves absent optional fields empty", () => {
    expect(recordOf({ ...minimal, address: "   " })).toEqual({
      rut: "12345678-5",
      name: "Ana",
      paternalLastName: "Pérez",
      maternalLastName: "",
      birthDate: null,
      address: "",
      district: null,
      email: "ana@correo.cl",
      phone: null,
      initialDate: null,
      endDate: null,
      values: { patente: "AB-CD-12" }
    })
  })

  it("gives every problem of a row, each under its column's header", () => {
    const rows: ReadonlyArray<Record<string, RosterCell>> = [
      minimal,
      { rut: "12.345.678-4", paternalLastName: "x".repeat(81), email: "ana@", patente: "AB" },
      { ...minimal, birthDate: "31-02-1990", district: "Gotham", phone: "12 34", initialDate: "2025-03-01", endDate: "28/02/2025" },
      { ...minimal, birthDate: "16-06-2025", valor: "1,2,3", compra: "mañana", address: "x".repeat(201) },
      {}
    ]
    expect(rows.map(reasonsOf)).toEqual([
      [],
      ["RUT: El RUT no es válido", "Nombre: Falta el dato", "Apellido paterno: Debe tener como máximo 80 caracteres", "Correo: Correo electrónico inválido"],
      [
        "Nacimiento: Fecha inválida (use dd-mm-aaaa)",
        "Comuna: La comuna no existe en la lista oficial",
        "Teléfono: Teléfono inválido",
        "La fecha de término es anterior a la de inicio"
      ],
      [
        "Nacimiento: La fecha de nacimiento no puede ser posterior a hoy",
        "Dirección: Debe tener como máximo 200 caracteres",
        "Valor asegurado: Número inválido (p. ej. 1.234,5)",
        "Fecha de compra: Fecha inválida (use dd-mm-aaaa)"
      ],
      ["RUT: Falta el dato", "Nombre: Falta el dato", "Apellido paterno: Falta el dato", "Correo: Falta el dato", "Patente: Falta el dato"]
    ])
  })

  it("refuses a cell with a formula, naming its column, whatever the formula would give", () => {
    expect(reasonsOf({ ...minimal, email: { formula: '"ana"&"@correo.cl"' }, valor: { formula: "" } })).toEqual([
      "Correo: Tiene una fórmula: escriba el valor en la celda (Palma no carga resultados de fórmulas)",
      "Valor asegurado: Tiene una fórmula: escriba el valor en la celda (Palma no carga resultados de fórmulas)"
    ])
  })

  it("always requires the RUT and the names, even when the format says otherwise or lacks them", () => {
    const lax = columns.map((column) => ({ ...column, required: false }))
    expect(parseRosterRow({}, lax, lookups)).toEqual({ ok: false, reasons: ["RUT: Falta el dato", "Nombre: Falta el dato", "Apellido paterno: Falta el dato"] })
    expect(parseRosterRow({ rut: "1-9" }, [], lookups)).toEqual({ ok: false, reasons: ["Nombre: Falta el dato", "Apellido paterno: Falta el dato"] })
  })

  it("finds the comuna by name or CUT code, also typed as a number", () => {
    expect(recordOf({ ...minimal, district: "SANTIAGO" }).district).toBe("13101")
    expect(recordOf({ ...minimal, district: "13101" }).district).toBe("13101")
    expect(recordOf({ ...minimal, district: 5101 }).district).toBe("05101")
  })

  it("keeps numbers typed in text fields as their digits", () => {
    const record = recordOf({ ...minimal, rut: 123456785, phone: 56912345678, patente: 1234 })
    expect([record.rut, record.phone, record.values["patente"]]).toEqual(["12345678-5", "56912345678", "1234"])
  })

  it("validates e-mails and phones", () => {
    expect(reasonsOf({ ...minimal, email: `${"a".repeat(111)}@correo.cl` })).toEqual(["Correo: Correo electrónico inválido"])
    expect(reasonsOf({ ...minimal, email: "ana correo@x.cl" })).toEqual(["Correo: Correo electrónico inválido"])
    expect(reasonsOf({ ...minimal, phone: "(2) 2345-6789" })).toEqual([])
    expect(reasonsOf({ ...minimal, phone: "+56 9 1234 5678 90123" })).toEqual(["Teléfono: Teléfono inválido"])
    expect(reasonsOf({ ...minimal, phone: "fono 22345678" })).toEqual(["Teléfono: Teléfono inválido"])
  })

  it("stores numeric values as plain decimals, from es-CL or plain text and from numbers", () => {
    const stored = (valor: RosterCell) => recordOf({ ...minimal, valor }).values["valor"]
    expect([stored("1.234,5"), stored("1234,50"), stored("1.234"), stored("1.234.567"), stored("12.5"), stored("-0,25"), stored(1234.5), stored(1e21)]).toEqual(
      ["1234.5", "1234.5", "1234", "1234567", "12.5", "-0.25", "1234.5", "1000000000000000000000"]
    )
  })

  it("reads dates from Dates, Excel serials and text, refusing days that do not exist", () => {
    const start = (initialDate: RosterCell) => parse({ ...minimal, initialDate })
    expect(recordOf({ ...minimal, initialDate: 25569 }).initialDate).toBe("1970-01-01")
    expect(recordOf({ ...minimal, initialDate: 1 }).initialDate).toBe("1900-01-01")
    expect(recordOf({ ...minimal, initialDate: 61 }).initialDate).toBe("1900-03-01")
    expect(recordOf({ ...minimal, initialDate: 45658.75 }).initialDate).toBe("2025-01-01")
    expect(recordOf({ ...minimal, initialDate: "29/02/2024" }).initialDate).toBe("2024-02-29")
    for (const bad of ["31-02-2024", "29-02-2023", "2024-13-01", "1/1/24", "01-01/2024", "hoy", 60, 0, true]) {
      expect(start(bad)).toEqual({ ok: false, reasons: ["Inicio: Fecha inválida (use dd-mm-aaaa)"] })
    }
  })

  it("accepts any valid RUT in any spelling, as its canonical form", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.nat(4), (n, spelling) => {
        const body = String(n)
        const dv = Rut.checkDigit(body)
        const spellings: ReadonlyArray<RosterCell> = [
          `${body}-${dv}`,
          Rut.format(`${body}-${dv}`),
          `${body}${dv}`,
          ` ${body}-${dv.toLowerCase()} `,
          dv === "K" ? `${body}k` : Number(`${body}${dv}`)
        ]
        expect(recordOf({ ...minimal, rut: spellings[spelling] ?? null }).rut).toBe(`${body}-${dv}`)
      })
    )
  })

  it("refuses a RUT with a wrong check digit", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.constantFrom(..."0123456789K"), (n, dv) => {
        fc.pre(dv !== Rut.checkDigit(String(n)))
        expect(reasonsOf({ ...minimal, rut: Rut.format(`${n}-${dv}`) })).toEqual(["RUT: El RUT no es válido"])
      })
    )
  })

  it("reads any real date the same in each written form", () => {
    const day = 24 * 3600 * 1000
    const dates = fc.integer({ min: Date.UTC(1900, 2, 1) / day, max: Date.UTC(2100, 11, 31) / day }).map((d) => new Date(d * day))
    fc.assert(
      fc.property(dates, (date) => {
        const [yyyy, mm, dd] = date.toISOString().slice(0, 10).split("-")
        const iso = `${yyyy}-${mm}-${dd}`
        const serial = date.getTime() / day + 25569
        for (const written of [`${dd}-${mm}-${yyyy}`, `${dd}/${mm}/${yyyy}`, iso, date, serial]) {
          expect(recordOf({ ...minimal, compra: written }).values["compra"]).toBe(iso)
        }
      })
    )
  })
})
