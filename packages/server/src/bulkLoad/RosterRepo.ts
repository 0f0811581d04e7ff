import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Option } from "effect"
import { leftOutBy } from "./leftOutSql.js"

/**
 * What is stored today for a RUT: the person (as titular, else as a customer: the load writes
 * both) and their subscription on the plan, to tell a row new, updated or unchanged.
 */
export interface StoredInsured {
  readonly rut: string
  /** Palma knows the person already (a titular or a customer with this RUT). */
  readonly known: boolean
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

  /** The months a new policy on the plan runs: its product's term (none when the plan is gone). */
  const term = (planId: string) =>
    sql<{ term: number }>`SELECT p.term FROM product_plan pp JOIN product p ON p.id = pp.product_id WHERE pp.id = ${planId}`.pipe(
      Effect.map((rows) => Option.fromNullable(rows[0]?.term)),
      Effect.orDie
    )

  /**
   * For the rest of the batch's transaction, the commit need not wait for the disk: a crash may
   * lose the last batches, but with their progress (same transaction), so the job writes them again.
   */
  const commitWithoutFlush = sql`SET LOCAL synchronous_commit = off`.pipe(Effect.asVoid, Effect.orDie)

  /** What Palma holds today for these RUTs (one row each; nulls where nothing is stored). */
  const stored = (planId: string, rows: ReadonlyArray<{ readonly rut: string; readonly initialDate: string | null }>) =>
    sql<StoredInsured>`SELECT r.rut, p.rut IS NOT NULL AS known, p.name, p.paternal_last_name AS "paternalLastName",
        p.maternal_last_name AS "maternalLastName", p.birth_date::text AS "birthDate", p.address, p.district_id AS district, p.email, p.phone,
        l.id::text AS lead_id, l.start_date::text AS "initialDate", l.end_date::text AS "endDate",
        (SELECT json_object_agg(v.value_id, v.value) FROM lead_value v WHERE v.lead_id = l.id) AS "values"
      FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(rut text, "initialDate" date)
        LEFT JOIN LATERAL (
          SELECT 1 AS pick, rut, name, paternal_last_name, maternal_last_name, birth_date, address, district_id, email, phone FROM insured WHERE rut = r.rut
          UNION ALL
          SELECT 2, rut, name, paternal_last_name, maternal_last_name, birth_date, address, district_id, email, phone FROM customer WHERE rut = r.rut
          ORDER BY pick LIMIT 1) p ON true
        LEFT JOIN lead l ON l.id = ${leadOfRow(sql, planId)}`.pipe(Effect.orDie)

  /**
   * Writes a batch set-based: the people (customer P and titular, keyed on the RUT; a blank never
   * erases what is stored, and an unchanged person is not rewritten), each row's subscription on
   * the plan (dates updated, or a new policy from the row's start for the product's term), the
   * titular's link to it and the plan's values; each row's subscription goes on the job's row.
   * The batch is the job's valid rows in (after, last], as the runner stored them when it read the
   * file: they never travel back through this process. The caller runs it in the batch's transaction.
   *
   * The people's policy ends (0028) are written here, not by the triggers (0032): a person this
   * batch inserts has exactly one policy, the row's, so its ends go in with it instead of being
   * written a second time; the refresh at the end corrects everyone else.
   */
  const write = (jobId: string, planId: string, termMonths: number, batch: { readonly after: number; readonly last: number }) =>
    Effect.gen(function* () {
      // Every step below is keyed (RUT, ids), but on the batch's table and the 0028 refreshes the
      // planner chose sequential scans of lead_insured and insured, which grow with every batch: a
      // load went quadratic (10 000 rows: 19 s of writing, 100 000 did not end in 20 min on PGlite).
      // Indexes only, for this transaction: 10 000 rows in 4.3 s (`BENCH_ROWS=… pnpm bench:bulkLoad`).
      yield* sql`SET LOCAL enable_seqscan = off`
      // Those disabled scans cost 10^10 to the planner, so PostgreSQL compiled each statement (JIT):
      // 50–130 ms a statement for 5 000 rows it then ran in a few.
      yield* sql`SET LOCAL jit = off`
      // The batch unpacked once into a table of the transaction: each step below joins it by key
      // instead of parsing the rows again or looking a row's lead up per lead.
      yield* sql`CREATE TEMP TABLE roster_batch ON COMMIT DROP AS
        SELECT b.row, r.*, NULL::uuid AS customer_id, NULL::uuid AS insured_id, NULL::uuid AS lead_id, false AS opens,
          NULL::date AS lead_start, NULL::date AS lead_end
        FROM bulk_load_row b CROSS JOIN LATERAL jsonb_to_record(b.record) AS r(rut text, name text, "paternalLastName" text,
          "maternalLastName" text, "birthDate" date, address text, district text, email text, phone text,
          "initialDate" date, "endDate" date, "values" jsonb)
        WHERE b.job_id = ${jobId} AND b.outcome <> 'failed' AND b.row > ${batch.after} AND b.row <= ${batch.last}`
      // The people stored before this batch, and the subscription in force of each (as leadOfRow).
      yield* sql`UPDATE roster_batch r SET customer_id = c.id FROM customer c WHERE c.rut = r.rut`
      yield* sql`UPDATE roster_batch r SET insured_id = i.id FROM insured i WHERE i.rut = r.rut`
      yield* sql`UPDATE roster_batch r SET lead_id = (SELECT l.id FROM lead l
        WHERE l.customer_id = r.customer_id AND l.product_plan_id = ${planId} AND l.end_date >= COALESCE(r."initialDate", current_date)
        ORDER BY l.start_date DESC, l.created_at DESC LIMIT 1)
        WHERE r.customer_id IS NOT NULL`
      // Each subscription's dates after the batch: the row's, else the stored ones; a row with no
      // subscription in force opens one (its id chosen here) from its start for the product's term.
      yield* sql`UPDATE roster_batch r SET lead_start = COALESCE(r."initialDate", l.start_date), lead_end = COALESCE(r."endDate", l.end_date)
        FROM lead l WHERE l.id = r.lead_id`
      yield* sql`UPDATE roster_batch r SET lead_id = gen_random_uuid(), opens = true, lead_start = s.start,
          lead_end = COALESCE(r."endDate", (s.start + make_interval(months => ${termMonths}) - interval '1 day')::date)
        FROM (SELECT row, COALESCE("initialDate", LEAST(current_date, "endDate"), current_date) AS start FROM roster_batch) s
        WHERE s.row = r.row AND r.lead_id IS NULL`
      for (const table of ["customer", "insured"] as const) {
        const t = sql(table)
        const keepText = (column: string) => sql`COALESCE(NULLIF(EXCLUDED.${sql(column)}, ''), ${t}.${sql(column)})`
        const keepValue = (column: string) => sql`COALESCE(EXCLUDED.${sql(column)}, ${t}.${sql(column)})`
        const texts = ["name", "paternal_last_name", "maternal_last_name", "address"]
        const values = ["district_id", "email", "phone", "birth_date"]
        // A customer is a person (P); an insured has no type.
        const [typeColumn, typeValue] = table === "customer" ? [sql`type, `, sql`'P', `] : [sql``, sql``]
        // A new person's one policy is the row's; a stored person keeps theirs until the refresh below.
        yield* sql`INSERT INTO ${t} (${typeColumn}rut, name, paternal_last_name, maternal_last_name, birth_date, address, district_id, email, phone, policy_ends)
          SELECT ${typeValue}r.rut, r.name, r."paternalLastName", COALESCE(r."maternalLastName", ''), r."birthDate",
            COALESCE(r.address, ''), r.district, r.email, r.phone, ARRAY[r.lead_end]
          FROM roster_batch r
          ON CONFLICT (rut) DO UPDATE SET ${sql.csv([
            ...texts.map((c) => sql`${sql(c)} = ${keepText(c)}`),
            ...values.map((c) => sql`${sql(c)} = ${keepValue(c)}`),
            sql`updated_at = now()`
          ])}
          WHERE (${sql.csv([...texts, ...values].map((c) => sql`${t}.${sql(c)}`))}) IS DISTINCT FROM
            (${sql.csv([...texts.map(keepText), ...values.map(keepValue)])})`
      }
      yield* sql`UPDATE roster_batch r SET customer_id = c.id FROM customer c WHERE c.rut = r.rut AND r.customer_id IS NULL`
      yield* sql`UPDATE roster_batch r SET insured_id = i.id FROM insured i WHERE i.rut = r.rut AND r.insured_id IS NULL`

      yield* sql`SELECT set_config('palma.roster_batch', 'on', true)`
      yield* sql`UPDATE lead l SET start_date = r.lead_start, end_date = r.lead_end
        FROM roster_batch r
        WHERE l.id = r.lead_id AND NOT r.opens AND (l.start_date, l.end_date) IS DISTINCT FROM (r.lead_start, r.lead_end)`
      yield* sql`INSERT INTO lead (id, customer_id, product_plan_id, start_date, end_date)
        SELECT r.lead_id, r.customer_id, ${planId}, r.lead_start, r.lead_end FROM roster_batch r WHERE r.opens`
      yield* sql`INSERT INTO lead_insured (lead_id, insured_id) SELECT lead_id, insured_id FROM roster_batch ON CONFLICT DO NOTHING`
      yield* sql`SELECT set_config('palma.roster_batch', 'off', true)`
      // What the triggers would have refreshed: every person of the batch, and every titular of a
      // subscription it changed (some are not in the file). A refresh writes only the rows whose ends
      // differ, so a person inserted above costs a read (and one another upload inserted meanwhile is right).
      yield* sql`SELECT refresh_customer_policy_ends(ARRAY(SELECT customer_id FROM roster_batch))`
      yield* sql`SELECT refresh_insured_policy_ends(ARRAY(
        SELECT insured_id FROM roster_batch
        UNION SELECT li.insured_id FROM roster_batch r JOIN lead_insured li ON li.lead_id = r.lead_id WHERE NOT r.opens))`

      yield* sql`INSERT INTO lead_value (lead_id, value_id, value)
        SELECT r.lead_id, v.key::uuid, v.value FROM roster_batch r CROSS JOIN LATERAL jsonb_each_text(r."values") v
        ON CONFLICT (lead_id, value_id) DO UPDATE SET value = EXCLUDED.value WHERE lead_value.value IS DISTINCT FROM EXCLUDED.value`
      // The batch's range too, so the job's key finds its rows: joined on the job alone, the planner
      // read every row of the job for each batch (1.8 s of 100 000 rows' writing on PostgreSQL).
      yield* sql`UPDATE bulk_load_row b SET lead_id = r.lead_id FROM roster_batch r
        WHERE b.job_id = ${jobId} AND b.row > ${batch.after} AND b.row <= ${batch.last} AND b.row = r.row`
      yield* sql`DROP TABLE roster_batch`
    }).pipe(Effect.orDie)

  /** Ends the plan's subscriptions the file left out (yesterday: no coverage from today), in the caller's transaction. */
  const removeMissing = (jobId: string) =>
    Effect.map(
      sql`UPDATE lead SET end_date = current_date - 1, start_date = LEAST(start_date, current_date - 1)
        WHERE id IN (SELECT l.id FROM lead l WHERE ${leftOutBy(sql, jobId)}) RETURNING id`,
      (rows) => rows.length
    ).pipe(Effect.orDie)

  return { term, commitWithoutFlush, stored, write, removeMissing }
})

/** SQL of the insured a roster writes: what is stored for its RUTs, its batches, the coverage it ends. */
export class RosterRepo extends Context.Tag("palma/RosterRepo")<RosterRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(RosterRepo, make)
}
