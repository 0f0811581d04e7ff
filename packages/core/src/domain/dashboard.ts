import { Schema } from "effect"
import { Id } from "./fields.js"
import { Clp } from "./money.js"
import { YearMonth } from "./time.js"

export const MonthStats = Schema.Struct({
  month: YearMonth,
  opened: Schema.Number,
  closed: Schema.Number,
  refunds: Schema.Number,
  refundedAmount: Clp
})
export type MonthStats = typeof MonthStats.Type

/** The Reportes dashboard. Open/closed follow `status.isClosed`; amounts are refunds paid. */
export const DashboardStats = Schema.Struct({
  totals: Schema.Struct({ total: Schema.Number, open: Schema.Number, closed: Schema.Number, reimbursedAmount: Clp }),
  perMonth: Schema.Array(MonthStats),
  byStage: Schema.Array(Schema.Struct({ stage_code: Schema.String, stage_name: Schema.String, count: Schema.Number })),
  byRetail: Schema.Array(Schema.Struct({ retail_id: Schema.NullOr(Id), retail_name: Schema.String, count: Schema.Number })),
  // Null while no case has been closed.
  medianHoursToClose: Schema.NullOr(Schema.Number)
})
export type DashboardStats = typeof DashboardStats.Type

/** Optional month range of the dashboard, both ends included. */
export const DashboardQuery = Schema.Struct({ from: Schema.optional(YearMonth), to: Schema.optional(YearMonth) })
export type DashboardQuery = typeof DashboardQuery.Type

/** Median of a list (mean of the two middle values when even); null when empty. */
export const median = (values: ReadonlyArray<number>): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
