import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CaseExportQuery, dateFilterRange, toDateFilter } from "../../src/domain/caseExport.js"
import { monthOf } from "../../src/domain/time.js"
import { issuesOf } from "./helpers.js"

const isoDate = fc
  .date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date("2199-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))

describe("monthOf", () => {
  it("reduces dates and date-times to YYYY-MM as written", () => {
    expect(monthOf("2024-03-15")).toBe("2024-03")
    expect(monthOf("2024-03-31T23:30:00-03:00")).toBe("2024-03")
    expect(monthOf("2024-12-01T00:00:00.000Z")).toBe("2024-12")
    expect(monthOf("2024-02")).toBe("2024-02")
    expect(monthOf("2023-02-29")).toBeUndefined()
    expect(monthOf("2024-13-01")).toBeUndefined()
    expect(monthOf("ayer")).toBeUndefined()
  })

  it("is the first seven characters of any valid date (property)", () => {
    fc.assert(fc.property(isoDate, (d) => monthOf(d) === d.slice(0, 7) && monthOf(`${d}T12:00:00Z`) === d.slice(0, 7)))
  })
})

describe("export filters", () => {
  it("default to Todos and accept keywords, months and channel ids", () => {
    expect(Schema.decodeUnknownSync(CaseExportQuery)({})).toEqual({ channel: "Todos", caseDate: "Todos", eventDate: "Todos" })
    expect(Schema.decodeUnknownSync(CaseExportQuery)({ caseDate: "Esta semana", eventDate: "2024-05" }).eventDate).toBe("2024-05")
    expect(issuesOf(CaseExportQuery, { caseDate: "2024-05-02" })).toEqual([
      { path: ["caseDate"], message: "Filtro de fecha inválido: Todos, Hoy, Esta semana o un mes AAAA-MM" }
    ])
    expect(issuesOf(CaseExportQuery, { channel: "Banco" })).toEqual([{ path: ["channel"], message: "Canal inválido: Todos o el identificador de un canal" }])
  })

  it("turn a picked date into its month filter", () => {
    expect(toDateFilter("Hoy")).toBe("Hoy")
    expect(toDateFilter("2024-05-02")).toBe("2024-05")
    expect(toDateFilter("mañana")).toBeUndefined()
  })

  it("resolve to inclusive date ranges", () => {
    expect(dateFilterRange("Todos", "2024-05-02")).toBeNull()
    expect(dateFilterRange("Hoy", "2024-05-02")).toEqual({ from: "2024-05-02", to: "2024-05-02" })
    // 2024-05-02 is a Thursday; weeks run Monday to Sunday.
    expect(dateFilterRange("Esta semana", "2024-05-02")).toEqual({ from: "2024-04-29", to: "2024-05-05" })
    expect(dateFilterRange("Esta semana", "2024-05-05")).toEqual({ from: "2024-04-29", to: "2024-05-05" })
    expect(dateFilterRange("2024-02", "2024-05-02")).toEqual({ from: "2024-02-01", to: "2024-02-29" })
    expect(dateFilterRange("2023-12", "2024-05-02")).toEqual({ from: "2023-12-01", to: "2023-12-31" })
  })

  it("a month's range contains exactly that month's dates (property)", () => {
    fc.assert(
      fc.property(isoDate, isoDate, (d, today) => {
        const range = dateFilterRange(toDateFilter(d)!, today)!
        return range.from <= d && d <= range.to && range.from.slice(0, 7) === d.slice(0, 7) && range.to.slice(0, 7) === d.slice(0, 7)
      })
    )
  })
})
