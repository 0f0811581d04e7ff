import { Schema } from "effect"
import { Rut } from "../rut/Rut.js"
import { Id, IsoDate } from "./fields.js"
import { Clp } from "./money.js"
import { YearMonth, addDays, monthOf } from "./time.js"

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

/** Query of `GET /case/getAllExports` and `GET /case/exportCases`; omitted filters are "Todos". */
export const CaseExportQuery = Schema.Struct({
  channel: Schema.optionalWith(RetailFilter, { default: () => "Todos" as const }),
  caseDate: Schema.optionalWith(DateFilter, { default: () => "Todos" as const }),
  eventDate: Schema.optionalWith(DateFilter, { default: () => "Todos" as const })
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

/** One line of casos.xlsx (and of its preview). */
export const CaseExportRow = Schema.Struct({
  number: Schema.Number,
  date: IsoDate,
  eventDate: Schema.NullOr(IsoDate),
  retail_id: Schema.NullOr(Id),
  retail_name: Schema.String,
  product_name: Schema.String,
  policyNumber: Schema.String,
  insuredRut: Schema.NullOr(Rut),
  insuredName: Schema.String,
  beneficiaryRut: Schema.NullOr(Rut),
  relationship: Schema.String,
  assistance_name: Schema.String,
  procedure_name: Schema.String,
  stage_name: Schema.String,
  status: Schema.String,
  refundAmount: Schema.NullOr(Clp),
  imedAmount: Schema.NullOr(Clp),
  district_name: Schema.String,
  region_name: Schema.String,
  contact: Schema.String
})
export type CaseExportRow = typeof CaseExportRow.Type

/** casos.xlsx columns, in order, with the row field each shows. */
export const caseExportColumns: ReadonlyArray<readonly [header: string, field: Exclude<keyof CaseExportRow, "retail_id">]> = [
  ["N° CASO", "number"],
  ["FECHA DE APERTURA", "date"],
  ["FECHA DEL EVENTO", "eventDate"],
  ["CANAL", "retail_name"],
  ["PRODUCTO", "product_name"],
  ["N° PÓLIZA", "policyNumber"],
  ["RUT TITULAR", "insuredRut"],
  ["NOMBRE TITULAR", "insuredName"],
  ["RUT BENEFICIARIO", "beneficiaryRut"],
  ["RELACIÓN", "relationship"],
  ["SERVICIO", "assistance_name"],
  ["PROCEDIMIENTO", "procedure_name"],
  ["ETAPA", "stage_name"],
  ["ESTADO", "status"],
  ["MONTO REEMBOLSO (CLP)", "refundAmount"],
  ["DESCUENTO IMED (CLP)", "imedAmount"],
  ["COMUNA", "district_name"],
  ["REGIÓN", "region_name"],
  ["CONTACTO", "contact"]
]
