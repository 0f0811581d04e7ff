import { Schema } from "effect"
import { Id, IsoDate } from "./fields.js"

/** Palma's dashboard filters: the opening date's range (Chile's days, both ends included) and a channel. */
export const DashboardQuery = Schema.Struct({
  from: Schema.optional(IsoDate),
  to: Schema.optional(IsoDate),
  retail_id: Schema.optional(Id)
})
export type DashboardQuery = typeof DashboardQuery.Type

const Counted = Schema.Struct({ id: Schema.NullOr(Schema.String), name: Schema.String, cases: Schema.Number })

/**
 * What the dashboard shows: totals (`open` is open now, closed by `status.isClosed`), per month
 * the cases opened that month, those closed that month, refunds paid and IMED discounts applied
 * (both "Reembolsado"; the case's procedure tells one from the other, and each has its own amount),
 * cases by stage, channel and procedure, and the days from opening to closing (median and 90th
 * percentile) of the cases closed.
 */
export const Dashboard = Schema.Struct({
  totals: Schema.Struct({ cases: Schema.Number, open: Schema.Number, closed: Schema.Number, reimbursedAmount: Schema.Number, imedAmount: Schema.Number }),
  months: Schema.Array(
    Schema.Struct({
      month: Schema.String,
      opened: Schema.Number,
      closed: Schema.Number,
      refunds: Schema.Number,
      refundAmount: Schema.Number,
      imedDiscounts: Schema.Number,
      imedAmount: Schema.Number
    })
  ),
  byStage: Schema.Array(Schema.Struct({ ...Counted.fields, code: Schema.String })),
  byRetail: Schema.Array(Counted),
  byProcedure: Schema.Array(Schema.Struct({ ...Counted.fields, code: Schema.NullOr(Schema.String) })),
  timeToClose: Schema.Struct({ closed: Schema.Number, medianDays: Schema.NullOr(Schema.Number), p90Days: Schema.NullOr(Schema.Number) })
})
export type Dashboard = typeof Dashboard.Type

/** The original's `getStatistics` (reference §1.8), for old clients: months as "Ene, 2024". */
export const Statistics = Schema.Struct({
  monthlyCases: Schema.Array(Schema.Struct({ monthYear: Schema.String, cases: Schema.Number, activeCases: Schema.Number, inactiveCases: Schema.Number })),
  casesReimbursment: Schema.Array(Schema.Struct({ monthYear: Schema.String, totalReimbursments: Schema.Number, totalReimbursmentsAmount: Schema.Number })),
  totalCases: Schema.Array(Schema.Struct({ totalCases: Schema.Number, totalInactiveCases: Schema.Number, totalActiveCases: Schema.Number }))
})
export type Statistics = typeof Statistics.Type

const shortMonths = ["Ene", "Feb", "Mar", "Abr", "May", "Jun", "Jul", "Ago", "Sep", "Oct", "Nov", "Dic"]

/** "2024-01" as the original's statistics name it: "Ene, 2024". */
export const statisticsMonth = (month: string): string => `${shortMonths[Number(month.slice(5, 7)) - 1]}, ${month.slice(0, 4)}`
