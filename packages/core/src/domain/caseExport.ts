import { ParseResult, Schema } from "effect"
import { QueryCount } from "./caseView.js"
import { Id } from "./fields.js"
import { YearMonth, addDays, monthOf } from "./time.js"
import { INVALID_RECORD_COUNT, INVALID_PAGE } from "./messages.js"

/** Retail filter: "Todos" (no filter) or a retail id. */
export const RetailFilter = Schema.Union(Schema.Literal("Todos"), Id).annotations({
  message: () => ({ message: "Canal inválido: Todos o el identificador de un canal", override: true })
})
export type RetailFilter = typeof RetailFilter.Type

/** Date filter: "Todos", "Hoy", "Esta semana" (lunes a domingo) or a month "YYYY-MM". */
export const DateFilter = Schema.Union(Schema.Literal("Todos", "Hoy", "Esta semana"), YearMonth).annotations({
  message: () => ({ message: "Filtro de fecha inválido: Todos, Hoy, Esta semana o un mes AAAA-MM", override: true })
})
export type DateFilter = typeof DateFilter.Type

/** A date filter as sent: keywords as they are, any date or date-time reduced to its month (spec §5). */
const SentDateFilter = Schema.transformOrFail(Schema.String, Schema.typeSchema(DateFilter), {
  strict: true,
  decode: (input, _, ast) => {
    const filter = toDateFilter(input.trim())
    return filter === undefined
      ? ParseResult.fail(new ParseResult.Type(ast, input, "Filtro de fecha inválido: Todos, Hoy, Esta semana o una fecha (AAAA-MM o AAAA-MM-DD)"))
      : ParseResult.succeed(filter)
  },
  encode: ParseResult.succeed
})

/** An empty filter is no filter: the original client sends its empty state as is. */
const omittedWhenEmpty = <A>(schema: Schema.Schema<A, string>) =>
  Schema.optionalWith(
    Schema.Union(
      Schema.Literal("").pipe(Schema.transform(Schema.Literal("Todos"), { strict: true, decode: () => "Todos" as const, encode: () => "" as const })),
      schema
    ),
    {
      default: () => "Todos" as const
    }
  )

/** No case matches the export's filters: the server answers it (404) and the screen says it before asking for a file. */
export const NOTHING_TO_EXPORT = "No hay casos para exportar con estos filtros."

/** Query of `GET /case/getAllExports` and `GET /case/exportCases` (reference §1.7); omitted or empty filters are "Todos". */
export const CaseExportQuery = Schema.Struct({
  retail_id: omittedWhenEmpty(RetailFilter),
  case_date: omittedWhenEmpty(SentDateFilter),
  event_date: omittedWhenEmpty(SentDateFilter),
  records: Schema.optional(QueryCount(INVALID_RECORD_COUNT)),
  page: Schema.optional(QueryCount(INVALID_PAGE))
})
export type CaseExportQuery = typeof CaseExportQuery.Type

const keywords: ReadonlyArray<string> = ["Todos", "Hoy", "Esta semana"]

/** A filter from what a person or script gave: keywords as is, any ISO date reduced to its month. */
export const toDateFilter = (input: string): DateFilter | undefined => (keywords.includes(input) ? (input as DateFilter) : monthOf(input))

/** The inclusive "YYYY-MM-DD" range a filter means on `today`; null for "Todos". */
export const dateFilterRange = (filter: DateFilter, today: string): { readonly from: string; readonly to: string } | null => {
  switch (filter) {
    case "Todos":
      return null
    case "Hoy":
      return { from: today, to: today }
    case "Esta semana": {
      const weekday = new Date(`${today}T00:00:00Z`).getUTCDay()
      const from = addDays(today, -((weekday + 6) % 7))
      return { from, to: addDays(from, 6) }
    }
    default: {
      const [year, month] = filter.split("-").map(Number) as [number, number]
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
      return { from: `${filter}-01`, to: `${filter}-${String(last).padStart(2, "0")}` }
    }
  }
}

/** `GET /case/getAllCaseDates`: months with cases, newest first, as the original spells them. */
export const CaseMonth = Schema.Struct({ month: Schema.String, year: Schema.String })
export const CaseDates = Schema.Struct({ createdDates: Schema.Array(CaseMonth), eventDates: Schema.Array(CaseMonth) })
export type CaseMonthList = CaseDates["createdDates"]
export type CaseDates = typeof CaseDates.Type

const englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"]

/** A "YYYY-MM" month as the original answers it: the English name padded with blanks to 9, the year as text. */
export const caseMonthOf = (month: YearMonth): typeof CaseMonth.Type => {
  const [year, m] = month.split("-") as [string, string]
  return { month: englishMonths[Number(m) - 1]!.padEnd(9, " "), year }
}

/** The "YYYY-MM" an answer of `getAllCaseDates` names (the original's client parsed it with `new Date`, and lost months). */
export const yearMonthOf = ({ month, year }: typeof CaseMonth.Type): YearMonth | undefined => {
  const index = englishMonths.indexOf(month.trim())
  return index < 0 || !/^\d{4}$/.test(year) ? undefined : `${year}-${String(index + 1).padStart(2, "0")}`
}

const spanishMonths = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"]

/** A month as people read it: "marzo de 2024". */
export const monthLabel = (month: YearMonth): string => `${spanishMonths[Number(month.slice(5)) - 1]} de ${month.slice(0, 4)}`
