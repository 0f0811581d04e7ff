import { Context, Effect, Layer } from "effect"
import { type Dashboard, type DashboardQuery, type Statistics, statisticsMonth } from "@palma/core/domain"
import { CaseMemo } from "../case/CaseMemo.js"
import { CaseDashboardRepo, type Figures } from "./CaseDashboardRepo.js"

const amount = (value: number | null) => Math.round((value ?? 0) * 100) / 100
const days = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10)

/** Opened and closed per month, on one timeline (a month with only closings shows too). */
const monthsOf = (figures: Figures): Dashboard["months"] => {
  const opened = new Map((figures.opened ?? []).map((m) => [m.month, m]))
  const closed = new Map((figures.closed ?? []).map((m) => [m.month, m.cases]))
  return [...new Set([...opened.keys(), ...closed.keys()])].sort().map((month) => {
    const m = opened.get(month)
    return {
      month,
      opened: m?.cases ?? 0,
      closed: closed.get(month) ?? 0,
      refunds: m?.refunds ?? 0,
      refundAmount: amount(m?.amount ?? null),
      imedDiscounts: m?.imeds ?? 0,
      imedAmount: amount(m?.imedAmount ?? null)
    }
  })
}

const make = Effect.gen(function* () {
  const repo = yield* CaseDashboardRepo
  const memo = yield* CaseMemo
  // The figures only move when a case does: remembered per filter until the next case write.
  const figures = (query: DashboardQuery) => memo.remember(`dashboard:${JSON.stringify([query.from, query.to, query.retail_id])}`, repo.figures(query))

  const dashboard = (query: DashboardQuery): Effect.Effect<Dashboard> =>
    Effect.map(figures(query), (f) => ({
      totals: {
        cases: f.totals.cases,
        open: f.totals.open,
        closed: f.totals.closed,
        reimbursedAmount: amount(f.totals.reimbursed),
        imedAmount: amount(f.totals.imed)
      },
      months: monthsOf(f),
      byStage: (f.stages ?? []).map((s) => ({ id: s.id, code: s.code, name: s.name ?? "", cases: s.cases })),
      byRetail: (f.retails ?? []).map((c) => ({ id: c.id, name: c.name ?? "Sin canal", cases: c.cases })),
      byProcedure: (f.procedures ?? []).map((p) => ({ id: null, code: p.code, name: p.name ?? "Sin procedimiento", cases: p.cases })),
      timeToClose: { closed: f.time.closed, medianDays: days(f.time.median), p90Days: days(f.time.p90) }
    }))

  /**
   * The original's statistics over every case, month by month in order; closed by `status.isClosed` (the original's bug is not kept),
   * reimbursements are refunds paid (IMED discounts are not).
   */
  const statistics: Effect.Effect<Statistics> = Effect.map(figures({}), (f) => ({
    monthlyCases: (f.opened ?? []).map((m) => ({ monthYear: statisticsMonth(m.month), cases: m.cases, activeCases: m.open, inactiveCases: m.cases - m.open })),
    casesReimbursment: (f.opened ?? []).map((m) => ({
      monthYear: statisticsMonth(m.month),
      totalReimbursments: m.refunds,
      totalReimbursmentsAmount: amount(m.amount)
    })),
    totalCases: [{ totalCases: f.totals.cases, totalInactiveCases: f.totals.closed, totalActiveCases: f.totals.open }]
  }))

  return { dashboard, statistics }
})

/** The dashboard's figures and the original's statistics. */
export class CaseDashboardService extends Context.Tag("palma/CaseDashboardService")<CaseDashboardService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseDashboardService, make).pipe(Layer.provide([CaseDashboardRepo.layer, CaseMemo.layer]))
}
