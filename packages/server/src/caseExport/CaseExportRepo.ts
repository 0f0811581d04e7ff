import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { type CaseExportQuery, dateFilterRange, type DateFilter } from "@palma/core/domain"

/** Chile's calendar: "Hoy", "Esta semana" and months are Santiago's days, whatever the server's zone. */
const ZONE = "America/Santiago"
/** Day 0 of the serial days a date cell holds (Excel's 1900 system, as exceljs counts it). */
const EXCEL_EPOCH = "1899-12-30"

/**
 * One line of casos.xlsx, as read (the workbook formats it). Days are Excel's serial day numbers
 * (days since 1899-12-30), which is what a date cell holds: the database computes them, Santiago's
 * day for the opening, so writing a line builds no Date.
 */
export const ExportLine = Schema.Struct({
  number: Schema.NumberFromString,
  created_day: Schema.Number,
  event_day: Schema.NullOr(Schema.Number),
  retail: Schema.String,
  product_name: Schema.String,
  policy_number: Schema.NullOr(Schema.String),
  insured_rut: Schema.NullOr(Schema.String),
  insured_name: Schema.String,
  beneficiary_rut: Schema.NullOr(Schema.String),
  attended_name: Schema.String,
  attended_birth_day: Schema.NullOr(Schema.Number),
  relationship: Schema.String,
  assistance_id: Schema.NullOr(Schema.String),
  assistance_name: Schema.String,
  procedure_name: Schema.String,
  stage_name: Schema.String,
  is_closed: Schema.Boolean,
  refund_amount: Schema.NullOr(Schema.NumberFromString),
  imed_amount: Schema.NullOr(Schema.NumberFromString),
  district_name: Schema.String,
  region_name: Schema.String,
  contact: Schema.String
})
export type ExportLine = typeof ExportLine.Type

/** A channel (retail) with cases to export: one sheet each; `retail_id` null for cases without one. */
export interface ExportRetail {
  readonly retail_id: string | null
  readonly name: string
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** A date filter over a timestamp, as bounds in Santiago's time, so the index on it serves. */
  const instantIn = (column: Statement.Fragment, filter: DateFilter, today: string) => {
    const range = dateFilterRange(filter, today)
    return range === null
      ? null
      : sql`${column} >= (${range.from}::date)::timestamp AT TIME ZONE ${ZONE} AND ${column} < (${range.to}::date + 1)::timestamp AT TIME ZONE ${ZONE}`
  }
  const dayIn = (column: Statement.Fragment, filter: DateFilter, today: string) => {
    const range = dateFilterRange(filter, today)
    return range === null ? null : sql`${column} BETWEEN ${range.from}::date AND ${range.to}::date`
  }

  /** The filters of spec §5 over the projection (`c`), for a `today` in Chile. */
  const filterOf = (query: CaseExportQuery, today: string): Statement.Fragment =>
    sql.and(
      [
        query.retail_id === "Todos" ? null : sql`c.retail_id = ${query.retail_id}`,
        instantIn(sql`c.created_at`, query.case_date, today),
        dayIn(sql`c.event_date`, query.event_date, today)
      ].filter((f) => f !== null)
    )

  /** Months with cases, newest first: by opening (in Chile) and by event. */
  const months = Effect.all({
    created: sql<{ month: string }>`SELECT to_char((created_at AT TIME ZONE ${ZONE})::date, 'YYYY-MM') AS month
      FROM assistance_case GROUP BY 1 ORDER BY 1 DESC`,
    event: sql<{ month: string }>`SELECT to_char(event_date, 'YYYY-MM') AS month
      FROM assistance_case WHERE event_date IS NOT NULL GROUP BY 1 ORDER BY 1 DESC`
  })

  /**
   * The channels the filter finds cases of, by name; cases without a channel last. Asked channel by
   * channel (the index on retail finds the first case of each) rather than as the distinct channels
   * of every case: over 100 000 cases that read the whole table, ~60 ms on PostgreSQL and ~1 s on
   * the embedded database, where every other request waited for it.
   */
  const retails = (filter: Statement.Fragment) =>
    sql<ExportRetail>`SELECT retail_id, name FROM (
        SELECT r.id::text AS retail_id, r.name FROM retail r WHERE EXISTS (SELECT 1 FROM assistance_case c WHERE c.retail_id = r.id AND ${filter})
        UNION ALL
        SELECT NULL, '' WHERE EXISTS (SELECT 1 FROM assistance_case c WHERE c.retail_id IS NULL AND ${filter})
      ) found ORDER BY retail_id IS NULL, name, retail_id`

  /** Up to `limit` lines of one channel after case number `after`, in opening order: the index on (retail, number) walks them. */
  const lines = (filter: Statement.Fragment, retail: string | null, after: number, limit: number) =>
    sql`SELECT c.number::text AS number, (c.created_at AT TIME ZONE ${ZONE})::date - ${EXCEL_EPOCH}::date AS created_day,
        c.event_date - ${EXCEL_EPOCH}::date AS event_day,
        COALESCE(r.name, '') AS retail, COALESCE(p.name, '') AS product_name, l.policy_number::text AS policy_number,
        i.rut AS insured_rut, concat_ws(' ', NULLIF(i.name, ''), NULLIF(i.paternal_last_name, ''), NULLIF(i.maternal_last_name, '')) AS insured_name,
        b.rut AS beneficiary_rut,
        COALESCE(concat_ws(' ', NULLIF(b.name, ''), NULLIF(b.paternal_last_name, ''), NULLIF(b.maternal_last_name, '')),
          concat_ws(' ', NULLIF(i.name, ''), NULLIF(i.paternal_last_name, ''), NULLIF(i.maternal_last_name, '')), '') AS attended_name,
        (CASE WHEN b.id IS NULL THEN i.birth_date ELSE b.birth_date END) - ${EXCEL_EPOCH}::date AS attended_birth_day,
        COALESCE(rel.name, '') AS relationship,
        c.assistance_id::text AS assistance_id, COALESCE(a.name, '') AS assistance_name,
        COALESCE((SELECT pr.name FROM procedure pr WHERE pr.code = c.procedure_code ORDER BY pr.is_active DESC LIMIT 1), '') AS procedure_name,
        s.name AS stage_name, c.is_closed, c.refund_amount::text AS refund_amount, c.imed_amount::text AS imed_amount,
        COALESCE(d.name, '') AS district_name, COALESCE(rg.name, '') AS region_name,
        COALESCE(NULLIF(b.phone, ''), NULLIF(i.phone, ''), NULLIF(b.email, ''), NULLIF(i.email, ''), '') AS contact
      FROM assistance_case c
        JOIN case_state cs ON cs.case_id = c.id
        JOIN stage s ON s.id = c.stage_id
        LEFT JOIN retail r ON r.id = c.retail_id
        LEFT JOIN product p ON p.id = c.product_id
        LEFT JOIN lead l ON l.id = c.lead_id
        LEFT JOIN insured i ON i.id = c.insured_id
        LEFT JOIN beneficiary b ON b.id = c.beneficiary_id
        LEFT JOIN relationship rel ON rel.id = b.relationship_id
        LEFT JOIN assistance a ON a.id = c.assistance_id
        LEFT JOIN district d ON d.id = cs.state -> 'event' ->> 'district_id'
        LEFT JOIN province pv ON pv.id = d.province_id
        LEFT JOIN region rg ON rg.id = pv.region_id
      WHERE ${filter} AND ${retail === null ? sql`c.retail_id IS NULL` : sql`c.retail_id = ${retail}`} AND c.number > ${after}
      ORDER BY c.number LIMIT ${limit}`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(ExportLine))))

  return {
    filterOf,
    months: Effect.orDie(months),
    retails: (filter: Statement.Fragment) => Effect.orDie(retails(filter)),
    // A page is small: on PostgreSQL, starting parallel workers for it cost more than they saved
    // (2 000 lines in ~60 ms with them, ~42 ms without). PGlite has none and accepts the setting.
    lines: (filter: Statement.Fragment, retail: string | null, after: number, limit: number) =>
      sql`SET LOCAL max_parallel_workers_per_gather = 0`.pipe(Effect.zipRight(lines(filter, retail, after, limit)), sql.withTransaction, Effect.orDie)
  }
})

/** What casos.xlsx and its preview read: filters, months with cases, channels and lines page by page. */
export class CaseExportRepo extends Context.Tag("palma/CaseExportRepo")<CaseExportRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseExportRepo, make)
}
