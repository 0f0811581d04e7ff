import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import type { DashboardQuery } from "@palma/core/domain"

/** Chile's calendar: months and days are Santiago's, whatever the server's zone. */
const ZONE = "America/Santiago"

const Count = Schema.Number
const Amount = Schema.NullOr(Schema.Union(Schema.Number, Schema.NumberFromString))
const Named = Schema.Struct({ id: Schema.NullOr(Schema.String), name: Schema.NullOr(Schema.String), cases: Count })

/** The figures as one JSON answer from the database: every aggregate over one pass of the filtered cases. */
const Figures = Schema.Struct({
  totals: Schema.Struct({ cases: Count, open: Count, closed: Count, reimbursed: Amount, imed: Amount }),
  opened: Schema.NullOr(
    Schema.Array(Schema.Struct({ month: Schema.String, cases: Count, open: Count, refunds: Count, amount: Amount, imeds: Count, imedAmount: Amount }))
  ),
  closed: Schema.NullOr(Schema.Array(Schema.Struct({ month: Schema.String, cases: Count }))),
  stages: Schema.NullOr(Schema.Array(Schema.Struct({ ...Named.fields, code: Schema.String }))),
  retails: Schema.NullOr(Schema.Array(Named)),
  procedures: Schema.NullOr(Schema.Array(Schema.Struct({ ...Named.fields, code: Schema.NullOr(Schema.String) }))),
  time: Schema.Struct({ closed: Count, median: Schema.NullOr(Schema.Number), p90: Schema.NullOr(Schema.Number) })
})
export type Figures = typeof Figures.Type

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const figures = (query: DashboardQuery) => {
    const filters = sql.and(
      [
        query.retail_id === undefined ? null : sql`c.retail_id = ${query.retail_id}`,
        query.from === undefined ? null : sql`c.created_at >= (${query.from}::date)::timestamp AT TIME ZONE ${ZONE}`,
        query.to === undefined ? null : sql`c.created_at < (${query.to}::date + 1)::timestamp AT TIME ZONE ${ZONE}`
      ].filter((f) => f !== null)
    )
    // A closed case's closing time is its last `closed` event (a reopened one closed again counts from then).
    // "Reembolsado" ends both a refund and an IMED discount: the procedure says which was paid, and
    // each is counted with its own amount (an IMED discount has no refund amount).
    return sql<{ figures: unknown }>`WITH closings AS (
        SELECT case_id, max(at) AS closed_at FROM case_event WHERE type = 'closed' GROUP BY case_id
      ), cases AS MATERIALIZED (
        SELECT c.created_at, c.is_closed, c.stage_id, c.retail_id, c.procedure_code,
          CASE WHEN c.refund_status = 'Reembolsado' THEN CASE WHEN c.procedure_code = 'imed' THEN 'imed' ELSE 'refund' END END AS paid,
          c.refund_amount, c.imed_amount,
          to_char(c.created_at AT TIME ZONE ${ZONE}, 'YYYY-MM') AS opened_month,
          CASE WHEN c.is_closed THEN k.closed_at END AS closed_at
        FROM assistance_case c LEFT JOIN closings k ON k.case_id = c.id
        WHERE ${filters}
      )
      SELECT json_build_object(
        'totals', (SELECT json_build_object('cases', count(*), 'open', count(*) FILTER (WHERE NOT is_closed), 'closed', count(*) FILTER (WHERE is_closed),
          'reimbursed', COALESCE(sum(refund_amount) FILTER (WHERE paid = 'refund'), 0),
          'imed', COALESCE(sum(imed_amount) FILTER (WHERE paid = 'imed'), 0)) FROM cases),
        'opened', (SELECT json_agg(json_build_object('month', month, 'cases', n, 'open', o, 'refunds', r, 'amount', a, 'imeds', i, 'imedAmount', ia) ORDER BY month) FROM (
          SELECT opened_month AS month, count(*) AS n, count(*) FILTER (WHERE NOT is_closed) AS o,
            count(*) FILTER (WHERE paid = 'refund') AS r, COALESCE(sum(refund_amount) FILTER (WHERE paid = 'refund'), 0) AS a,
            count(*) FILTER (WHERE paid = 'imed') AS i, COALESCE(sum(imed_amount) FILTER (WHERE paid = 'imed'), 0) AS ia
          FROM cases GROUP BY 1) m),
        'closed', (SELECT json_agg(json_build_object('month', month, 'cases', n) ORDER BY month) FROM (
          SELECT to_char(closed_at AT TIME ZONE ${ZONE}, 'YYYY-MM') AS month, count(*) AS n FROM cases WHERE closed_at IS NOT NULL GROUP BY 1) m),
        'stages', (SELECT json_agg(json_build_object('id', s.id, 'code', s.code, 'name', s.name, 'cases', n) ORDER BY s.number, s.name) FROM (
          SELECT stage_id, count(*) AS n FROM cases GROUP BY 1) g JOIN stage s ON s.id = g.stage_id),
        'retails', (SELECT json_agg(json_build_object('id', g.retail_id, 'name', r.name, 'cases', n) ORDER BY n DESC, r.name) FROM (
          SELECT retail_id, count(*) AS n FROM cases GROUP BY 1) g LEFT JOIN retail r ON r.id = g.retail_id),
        'procedures', (SELECT json_agg(json_build_object('id', NULL, 'code', g.procedure_code, 'name',
            (SELECT p.name FROM procedure p WHERE p.code = g.procedure_code ORDER BY p.is_active DESC LIMIT 1), 'cases', n) ORDER BY n DESC) FROM (
          SELECT procedure_code, count(*) AS n FROM cases GROUP BY 1) g),
        'time', (SELECT json_build_object('closed', count(*),
            'median', percentile_cont(0.5) WITHIN GROUP (ORDER BY d), 'p90', percentile_cont(0.9) WITHIN GROUP (ORDER BY d)) FROM (
          SELECT extract(epoch FROM closed_at - created_at) / 86400 AS d FROM cases WHERE closed_at IS NOT NULL) t)
      ) AS figures`.pipe(Effect.flatMap(([row]) => Schema.decodeUnknown(Figures)(typeof row!.figures === "string" ? JSON.parse(row!.figures) : row!.figures)))
  }
  return { figures: (query: DashboardQuery) => Effect.orDie(figures(query)) }
})

/** The dashboard's aggregates over the case projection and its closing events. */
export class CaseDashboardRepo extends Context.Tag("palma/CaseDashboardRepo")<CaseDashboardRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseDashboardRepo, make)
}
