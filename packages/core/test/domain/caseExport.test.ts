import { Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { CaseExportQuery, dateFilterRange, toDateFilter } from "../../src/domain/caseExport.js"
import { chileDateOf, daysBetween, monthOf } from "../../src/domain/time.js"
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
  it("default to Todos; keywords pass unchanged, any date is reduced to its month, empty filters are omitted", () => {
    const decode = Schema.decodeUnknownSync(CaseExportQuery)
    expect(decode({})).toEqual({ retail_id: "Todos", case_date: "Todos", event_date: "Todos" })
    expect(decode({ retail_id: "", case_date: "", event_date: "" })).toEqual({ retail_id: "Todos", case_date: "Todos", event_date: "Todos" })
    expect(decode({ case_date: "Esta semana", event_date: "2024-05-02", records: "20", page: "2" })).toEqual({
      retail_id: "Todos",
      case_date: "Esta semana",
      event_date: "2024-05",
      records: 20,
      page: 2
    })
    expect(decode({ case_date: "2024-03-31T23:30:00-03:00" }).case_date).toBe("2024-03")
    expect(issuesOf(CaseExportQuery, { case_date: "ayer" })).toEqual([
      { path: ["case_date"], message: "Filtro de fecha inválido: Todos, Hoy, Esta semana o una fecha (AAAA-MM o AAAA-MM-DD)" }
    ])
    expect(issuesOf(CaseExportQuery, { retail_id: "Banco" })).toEqual([
      { path: ["retail_id"], message: "Canal inválido: Todos o el identificador de un canal" }
    ])
  })

  it("pass keywords unchanged and reduce every valid date to its month (property)", () => {
    const decode = Schema.decodeUnknownSync(CaseExportQuery)
    fc.assert(
      fc.property(fc.constantFrom("Todos", "Hoy", "Esta semana"), isoDate, (keyword, d) => {
        const q = decode({ case_date: keyword, event_date: d })
        return q.case_date === keyword && q.event_date === d.slice(0, 7)
      })
    )
  })

  it("read Hoy and Esta semana on Chile's calendar, not the server's: the edges of a UTC day", () => {
    // Chile is UTC-4 in its winter (May) and UTC-3 in its summer (January).
    expect(chileDateOf(new Date("2024-05-02T03:59:59Z"))).toBe("2024-05-01")
    expect(chileDateOf(new Date("2024-05-02T04:00:00Z"))).toBe("2024-05-02")
    expect(chileDateOf(new Date("2024-01-02T02:59:59Z"))).toBe("2024-01-01")
    expect(chileDateOf(new Date("2024-01-02T03:00:00Z"))).toBe("2024-01-02")
    // 2024-04-29T03:30Z is Monday in UTC but Sunday 23:30 in Santiago: still the week before.
    expect(dateFilterRange("Esta semana", chileDateOf(new Date("2024-04-29T03:30:00Z")))).toEqual({ from: "2024-04-22", to: "2024-04-28" })
    expect(dateFilterRange("Esta semana", chileDateOf(new Date("2024-04-29T04:30:00Z")))).toEqual({ from: "2024-04-29", to: "2024-05-05" })
  })

  it("Esta semana is the Monday-to-Sunday week holding the day, for any day (property)", () => {
    fc.assert(
      fc.property(isoDate, (today) => {
        const week = dateFilterRange("Esta semana", today)!
        return week.from <= today && today <= week.to && new Date(`${week.from}T00:00:00Z`).getUTCDay() === 1 && daysBetween(week.from, week.to) === 6
      })
    )
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
