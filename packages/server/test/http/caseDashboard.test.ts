import { Schema } from "effect"
import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { Dashboard, Statistics } from "@palma/core"
import { send } from "../security/http.js"
import { demoTokens } from "../support/api.js"
import { caseFixture, newCase } from "../support/caseFixture.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * The dashboard (issue 14) over the demo cases, against figures this test computes itself in
 * JavaScript from the raw rows: the projection and the `closed` events.
 */

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>

interface Raw {
  readonly id: string
  readonly created_at: Date
  readonly is_closed: boolean
  readonly retail_id: string | null
  readonly stage_id: string
  readonly procedure_code: string | null
  readonly refund_status: string | null
  readonly refund_amount: string | null
  readonly imed_amount: string | null
}
let cases: ReadonlyArray<Raw>
let closings: Map<string, Date>

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  cases = (await server.sql(
    (sql) => sql`SELECT id::text, created_at, is_closed, retail_id::text, stage_id::text, procedure_code, refund_status, refund_amount::text, imed_amount::text
      FROM assistance_case`
  )) as unknown as ReadonlyArray<Raw> // rows as selected, typed by the query above
  const events = (await server.sql((sql) => sql`SELECT case_id::text, at FROM case_event WHERE type = 'closed'`)) as unknown as ReadonlyArray<{
    case_id: string
    at: Date
  }> // rows as selected
  closings = new Map()
  for (const e of events) if ((closings.get(e.case_id)?.getTime() ?? 0) < e.at.getTime()) closings.set(e.case_id, e.at)
})
afterAll(() => server?.stop())

const get = async (path: string, token = tokens.admin) => {
  const response = await send(server.url, "GET", path, { token })
  return { status: response.status, json: response.json }
}
/** An answer read through the contract's own schema: a field missing or mistyped fails here. */
const dashboard = async (path = "/api/case/dashboard") => {
  const { status, json } = await get(path)
  expect(status).toBe(200)
  return Schema.decodeUnknownSync(Dashboard)(json)
}
const statistics = async () => {
  const { status, json } = await get("/api/case/getStatistics")
  expect(status).toBe(200)
  return Schema.decodeUnknownSync(Statistics)(json)
}

const chileDay = (d: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Santiago", year: "numeric", month: "2-digit", day: "2-digit" }).format(d)
const chileMonth = (d: Date) => chileDay(d).slice(0, 7)

/** PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
const percentile = (values: ReadonlyArray<number>, p: number): number | null => {
  if (values.length === 0) return null
  const sorted = [...values].sort((a, b) => a - b)
  const rank = p * (sorted.length - 1)
  const low = Math.floor(rank)
  return sorted[low]! + (sorted[Math.min(low + 1, sorted.length - 1)]! - sorted[low]!) * (rank - low)
}

/** A paid refund, or an applied IMED discount: both end "Reembolsado", told apart by the procedure. */
const refundPaid = (c: Raw) => c.refund_status === "Reembolsado" && c.procedure_code !== "imed"
const imedApplied = (c: Raw) => c.refund_status === "Reembolsado" && c.procedure_code === "imed"
const sum = (rows: ReadonlyArray<Raw>, of: (c: Raw) => string | null) => rows.reduce((total, c) => total + Number(of(c) ?? 0), 0)

const expectedOf = (selected: ReadonlyArray<Raw>) => {
  const durations = selected.flatMap((c) => (c.is_closed && closings.has(c.id) ? [(closings.get(c.id)!.getTime() - c.created_at.getTime()) / 86_400_000] : []))
  const months = new Map<string, { opened: number; closed: number; refunds: number; imedDiscounts: number }>()
  const at = (m: string) => months.get(m) ?? months.set(m, { opened: 0, closed: 0, refunds: 0, imedDiscounts: 0 }).get(m)!
  for (const c of selected) {
    at(chileMonth(c.created_at)).opened += 1
    if (refundPaid(c)) at(chileMonth(c.created_at)).refunds += 1
    if (imedApplied(c)) at(chileMonth(c.created_at)).imedDiscounts += 1
    if (c.is_closed && closings.has(c.id)) at(chileMonth(closings.get(c.id)!)).closed += 1
  }
  return {
    totals: {
      cases: selected.length,
      open: selected.filter((c) => !c.is_closed).length,
      closed: selected.filter((c) => c.is_closed).length,
      reimbursedAmount: sum(selected.filter(refundPaid), (c) => c.refund_amount),
      imedAmount: sum(selected.filter(imedApplied), (c) => c.imed_amount)
    },
    months: [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, m]) => ({ month, ...m })),
    median: percentile(durations, 0.5),
    p90: percentile(durations, 0.9),
    closedWithTime: durations.length
  }
}

const compare = (answer: Dashboard, expected: ReturnType<typeof expectedOf>) => {
  expect(answer.totals.cases).toBe(expected.totals.cases)
  expect(answer.totals.open).toBe(expected.totals.open)
  expect(answer.totals.closed).toBe(expected.totals.closed)
  expect(answer.totals.reimbursedAmount).toBeCloseTo(expected.totals.reimbursedAmount, 2)
  expect(answer.totals.imedAmount).toBeCloseTo(expected.totals.imedAmount, 2)
  expect(answer.months.map((m) => ({ month: m.month, opened: m.opened, closed: m.closed, refunds: m.refunds, imedDiscounts: m.imedDiscounts }))).toEqual(
    expected.months
  )
  expect(answer.timeToClose.closed).toBe(expected.closedWithTime)
  if (expected.median === null) expect(answer.timeToClose.medianDays).toBeNull()
  else {
    // The answer gives days to one decimal: at most half a tenth from the exact figure (2.15 → 2.2).
    expect(Math.abs(answer.timeToClose.medianDays! - expected.median)).toBeLessThanOrEqual(0.05 + 1e-9)
    expect(Math.abs(answer.timeToClose.p90Days! - expected.p90!)).toBeLessThanOrEqual(0.05 + 1e-9)
  }
}

describe("GET /case/dashboard (Palma's)", () => {
  it("totals, months, stages, channels and time to close match the rows, counted independently", async () => {
    const json = await dashboard()
    expect(cases.length).toBeGreaterThan(1000)
    // The demo has both, so counting an IMED discount as a refund paid (issue 31 §3.3) shows here.
    expect(cases.filter(imedApplied).length).toBeGreaterThan(0)
    expect(cases.filter(refundPaid).length).toBeGreaterThan(0)
    compare(json, expectedOf(cases))
    const byStage = new Map<string, number>()
    for (const c of cases) byStage.set(c.stage_id, (byStage.get(c.stage_id) ?? 0) + 1)
    expect(Object.fromEntries(json.byStage.map((s) => [s.id, s.cases]))).toEqual(Object.fromEntries(byStage))
    const byChannel = new Map<string | null, number>()
    for (const c of cases) byChannel.set(c.retail_id, (byChannel.get(c.retail_id) ?? 0) + 1)
    expect(json.byRetail.map((c) => [c.id, c.cases]).sort()).toEqual([...byChannel.entries()].sort())
    expect(json.byProcedure.reduce((n, p) => n + p.cases, 0)).toBe(cases.length)
  })

  it("filters by channel and by a range of opening days in Chile (property over ranges)", async () => {
    const channels = [...new Set(cases.map((c) => c.retail_id).filter((r) => r !== null))]
    const days = cases.map((c) => chileDay(c.created_at)).sort()
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...channels),
        fc.integer({ min: 0, max: days.length - 1 }),
        fc.integer({ min: 0, max: days.length - 1 }),
        async (retail, i, j) => {
          const [from, to] = [days[Math.min(i, j)]!, days[Math.max(i, j)]!]
          compare(
            await dashboard(`/api/case/dashboard?retail_id=${retail}&from=${from}&to=${to}`),
            expectedOf(cases.filter((c) => c.retail_id === retail && chileDay(c.created_at) >= from && chileDay(c.created_at) <= to))
          )
        }
      ),
      { numRuns: 8 }
    )
  })

  it("is for admins, and refuses a date it cannot read", async () => {
    expect((await get("/api/case/dashboard", tokens.user)).status).toBe(403)
    expect((await get("/api/case/dashboard?from=ayer")).status).toBe(400)
  })
})

describe("GET /case/getStatistics (the original's shape)", () => {
  it("months as «Ene, 2024» with active and inactive cases by status.isClosed, refunds paid, and the totals", async () => {
    const json = await statistics()
    const expected = expectedOf(cases)
    expect(json.totalCases).toEqual([{ totalCases: expected.totals.cases, totalInactiveCases: expected.totals.closed, totalActiveCases: expected.totals.open }])
    const short = ["Ene", "Feb", "Mar", "Abr", "May", "Jun", "Jul", "Ago", "Sep", "Oct", "Nov", "Dic"]
    const label = (m: string) => `${short[Number(m.slice(5)) - 1]}, ${m.slice(0, 4)}`
    const opened = expected.months.filter((m) => m.opened > 0)
    expect(json.monthlyCases.map((m) => [m.monthYear, m.cases])).toEqual(opened.map((m) => [label(m.month), m.opened]))
    for (const m of json.monthlyCases) expect(m.activeCases + m.inactiveCases).toBe(m.cases)
    expect(json.casesReimbursment.map((m) => m.totalReimbursments)).toEqual(opened.map((m) => m.refunds))
  })
})

// Last: it opens a case, and the suites above compare with the rows read before it.
describe("the figures are remembered between case writes, never stale after one", () => {
  it("a case opened now is on the very next dashboard and statistics", async () => {
    const before = await dashboard()
    const counted = await statistics()
    expect(await dashboard()).toEqual(before)
    const opened = await send(server.url, "POST", "/api/case/upsert", { token: tokens.user, body: JSON.stringify(newCase(await caseFixture(server))) })
    expect(opened.status).toBe(200)
    const after = await dashboard()
    expect(after.totals).toMatchObject({ cases: before.totals.cases + 1, open: before.totals.open + 1, closed: before.totals.closed })
    expect((await statistics()).totalCases[0]?.totalCases).toBe((counted.totalCases[0]?.totalCases ?? 0) + 1)
  })
})
