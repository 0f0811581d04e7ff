import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { addDays, chileDateOf, daysBetween, type UfRate, ufFromHundredths, ufRate } from "@palma/core/domain"

/**
 * The demo UF series: a straight climb of $4,55 a day from $37.000,00 on 2025-05-23, a function of
 * the date alone, so every start and every test sees the same value for a day. Not real data: it
 * is stored with source 'demo' and answered as such.
 */
const ANCHOR = "2025-05-23"
const ANCHOR_HUNDREDTHS = 3_700_000
const DAILY_HUNDREDTHS = 455

export const demoUfOn = (date: string): UfRate => ufRate(ufFromHundredths(Math.max(100, ANCHOR_HUNDREDTHS + daysBetween(ANCHOR, date) * DAILY_HUNDREDTHS)))

/** The 18 months up to `today`, day by day. */
export const demoUfSeries = (today: string): ReadonlyArray<{ readonly date: string; readonly value: UfRate }> => {
  const [year, month, day] = today.split("-").map(Number) as [number, number, number]
  const from = new Date(Date.UTC(year, month - 1 - 18, day)).toISOString().slice(0, 10)
  return Array.from({ length: daysBetween(from, today) + 1 }, (_, i) => {
    const date = addDays(from, i)
    return { date, value: demoUfOn(date) }
  })
}

/**
 * On every start: demo values for the last 18 months' days that have none (real values stay). A
 * count first: on most starts every day has its value, and the 550-row insert took 0.12 s on PGlite.
 */
export const seedDemoUf = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const series = demoUfSeries(chileDateOf(new Date()))
  const [first] = series
  const last = series.at(-1)
  if (first === undefined || last === undefined) return
  const [present] = yield* sql<{ readonly days: number }>`SELECT count(*)::int AS days FROM uf_value WHERE date BETWEEN ${first.date} AND ${last.date}`
  if (present?.days === series.length) return
  const rows = series.map((e) => ({ date: e.date, value: e.value, source: "demo" }))
  yield* sql`INSERT INTO uf_value ${sql.insert(rows)} ON CONFLICT (date) DO NOTHING`
})
