import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"

/** What is stored today for a RUT under the plan, to tell a row new, updated or unchanged. */
export interface StoredInsured {
  readonly rut: string
  readonly name: string | null
  readonly paternalLastName: string | null
  readonly maternalLastName: string | null
  readonly birthDate: string | null
  readonly address: string | null
  readonly district: string | null
  readonly email: string | null
  readonly phone: string | null
  readonly lead_id: string | null
  readonly initialDate: string | null
  readonly endDate: string | null
  readonly values: Readonly<Record<string, string>> | null
}

/**
 * The subscription a row speaks of: the customer with the row's RUT, on the plan, whose policy
 * still runs on the row's start (today when the row gives none). A row whose person's policy
 * ended long ago opens a new one; loading the same file again finds the same one.
 */
const leadOfRow = (sql: SqlClient.SqlClient, planId: string) => sql`(SELECT l.id FROM lead l JOIN customer c ON c.id = l.customer_id
  WHERE c.rut = r.rut AND l.product_plan_id = ${planId} AND l.end_date >= COALESCE(r."initialDate", current_date)
  ORDER BY l.start_date DESC, l.created_at DESC LIMIT 1)`

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** What the plan holds today for these RUTs (one row each; nulls where nothing is stored). */
  const stored = (planId: string, rows: ReadonlyArray<{ readonly rut: string; readonly initialDate: string | null }>) =>
    sql<StoredInsured>`SELECT r.rut, i.name, i.paternal_last_name AS "paternalLastName", i.maternal_last_name AS "maternalLastName",
        i.birth_date::text AS "birthDate", i.address, i.district_id AS district, i.email, i.phone,
        l.id::text AS lead_id, l.start_date::text AS "initialDate", l.end_date::text AS "endDate",
        (SELECT json_object_agg(v.value_id, v.value) FROM lead_value v WHERE v.lead_id = l.id) AS "values"
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(rut text, "initialDate" date)
        LEFT JOIN insured i ON i.rut = r.rut
        LEFT JOIN lead l ON l.id = ${leadOfRow(sql, planId)}`.pipe(Effect.orDie)

  /**
   * Writes a batch set-based: the people (customer P and titular, keyed on the RUT; a blank never
   * erases what is stored, and an unchanged person is not rewritten), each row's subscription on
   * the plan (dates updated, or a new policy from the row's start for the product's term), the
   * titular's link to it and the plan's values; each row's subscription goes on the job's row.
   * The batch is the job's valid rows in (after, last], as the runner stored them when it read the
   * file: they never travel back through this process. The caller runs it in the batch's transaction.
   */
  const write = (jobId: string, planId: string, termMonths: number, batch: { readonly after: number; readonly last: number }) =>
    Effect.gen(function* () {
      // The batch unpacked once into a table of the transaction: each step below joins it by key
      // (RUT, then the ids it learns) instead of parsing the rows again or looking a row's lead up per lead.
      // Every step below is keyed (RUT, ids). The statement triggers of 0028 recompute the touched
      // people's policy ends from transition tables the planner cannot size, and it chose sequential
      // scans of lead_insured and insured, which grow with every batch: a load went quadratic (10 000
      // rows: 19 s of writing, 100 000 did not end in 20 min on PGlite). Indexes only, for this
      // transaction: 10 000 rows in 4.3 s, 30 000 in 14 s (`BENCH_ROWS=… pnpm bench:bulkLoad`).
      yield* sql`SET LOCAL enable_seqscan = off`
      // Those disabled scans cost 10^10 to the planner, so PostgreSQL compiled each statement (JIT):
      // 50–130 ms a statement for 5 000 rows it then ran in a few.
      yield* sql`SET LOCAL jit = off`
      yield* sql`CREATE TEMP TABLE roster_batch ON COMMIT DROP AS
        SELECT b.row, r.*, NULL::uuid AS customer_id, NULL::uuid AS insured_id, NULL::uuid AS lead_id, false AS opens
        FROM bulk_load_row b CROSS JOIN LATERAL jsonb_to_record(b.record) AS r(rut text, name text, "paternalLastName" text,
          "maternalLastName" text, "birthDate" date, address text, district text, email text, phone text,
          "initialDate" date, "endDate" date, "values" jsonb)
        WHERE b.job_id = ${jobId} AND b.outcome <> 'failed' AND b.row > ${batch.after} AND b.row <= ${batch.last}`
      for (const table of ["customer", "insured"] as const) {
        const t = sql(table)
        const keepText = (column: string) => sql`COALESCE(NULLIF(EXCLUDED.${sql(column)}, ''), ${t}.${sql(column)})`
        const keepValue = (column: string) => sql`COALESCE(EXCLUDED.${sql(column)}, ${t}.${sql(column)})`
        const texts = ["name", "paternal_last_name", "maternal_last_name", "address"]
        const values = ["district_id", "email", "phone", "birth_date"]
        // A customer is a person (P); an insured has no type.
        const [typeColumn, typeValue] = table === "customer" ? [sql`type, `, sql`'P', `] : [sql``, sql``]
        yield* sql`INSERT INTO ${t} (${typeColumn}rut, name, paternal_last_name, maternal_last_name, birth_date, address, district_id, email, phone)
          SELECT ${typeValue}r.rut, r.name, r."paternalLastName", COALESCE(r."maternalLastName", ''), r."birthDate",
            COALESCE(r.address, ''), r.district, r.email, r.phone
          FROM roster_batch r
          ON CONFLICT (rut) DO UPDATE SET ${sql.csv([
            ...texts.map((c) => sql`${sql(c)} = ${keepText(c)}`),
            ...values.map((c) => sql`${sql(c)} = ${keepValue(c)}`),
            sql`updated_at = now()`
          ])}
          WHERE (${sql.csv([...texts, ...values].map((c) => sql`${t}.${sql(c)}`))}) IS DISTINCT FROM
            (${sql.csv([...texts.map(keepText), ...values.map(keepValue)])})`
      }
      yield* sql`UPDATE roster_batch r SET customer_id = c.id FROM customer c WHERE c.rut = r.rut`
      yield* sql`UPDATE roster_batch r SET insured_id = i.id FROM insured i WHERE i.rut = r.rut`
      // The same subscription as leadOfRow, by the customer id just learned: one index probe per row.
      yield* sql`UPDATE roster_batch r SET lead_id = (SELECT l.id FROM lead l
        WHERE l.customer_id = r.customer_id AND l.product_plan_id = ${planId} AND l.end_date >= COALESCE(r."initialDate", current_date)
        ORDER BY l.start_date DESC, l.created_at DESC LIMIT 1)`
      yield* sql`UPDATE lead l SET start_date = COALESCE(r."initialDate", l.start_date), end_date = COALESCE(r."endDate", l.end_date)
        FROM roster_batch r
        WHERE l.id = r.lead_id AND (r."initialDate" IS NOT NULL OR r."endDate" IS NOT NULL)
          AND (l.start_date, l.end_date) IS DISTINCT FROM (COALESCE(r."initialDate", l.start_date), COALESCE(r."endDate", l.end_date))`
      // A row with no subscription in force opens one: its id chosen here, so nothing needs joining back.
      yield* sql`UPDATE roster_batch SET lead_id = gen_random_uuid(), opens = true WHERE lead_id IS NULL`
      yield* sql`INSERT INTO lead (id, customer_id, product_plan_id, start_date, end_date)
        SELECT r.lead_id, r.customer_id, ${planId}, s.start, COALESCE(r."endDate", (s.start + make_interval(months => ${termMonths}) - interval '1 day')::date)
        FROM roster_batch r CROSS JOIN LATERAL (SELECT COALESCE(r."initialDate", LEAST(current_date, r."endDate"), current_date) AS start) s
        WHERE r.opens`
      yield* sql`INSERT INTO lead_insured (lead_id, insured_id) SELECT lead_id, insured_id FROM roster_batch ON CONFLICT DO NOTHING`
      yield* sql`INSERT INTO lead_value (lead_id, value_id, value)
        SELECT r.lead_id, v.key::uuid, v.value FROM roster_batch r CROSS JOIN LATERAL jsonb_each_text(r."values") v
        ON CONFLICT (lead_id, value_id) DO UPDATE SET value = EXCLUDED.value WHERE lead_value.value IS DISTINCT FROM EXCLUDED.value`
      yield* sql`UPDATE bulk_load_row b SET lead_id = r.lead_id FROM roster_batch r WHERE b.job_id = ${jobId} AND b.row = r.row`
      yield* sql`DROP TABLE roster_batch`
    })

  /** Ends the plan's subscriptions the file left out (yesterday: no coverage from today), in the caller's transaction. */
  const removeMissing = (jobId: string) =>
    Effect.map(
      sql`UPDATE lead SET end_date = current_date - 1, start_date = LEAST(start_date, current_date - 1)
        WHERE id IN (SELECT lead_id FROM plan_missing_leads(${jobId})) RETURNING id`,
      (rows) => rows.length
    )

  return { stored, write, removeMissing }
})

/** SQL of the insured a roster writes. */
export class RosterWriter extends Context.Tag("palma/RosterWriter")<RosterWriter, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(RosterWriter, make)
}
