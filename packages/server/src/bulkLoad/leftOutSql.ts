import type { SqlClient } from "@effect/sql"
import type { MissingInsured } from "@palma/core/domain"

/**
 * What makes a subscription (`lead l`) one that a job's file leaves out: on the job's plan, in
 * force, with insured, none of whom has a row in the file (a failed row still names its person,
 * who is not removed for a typo elsewhere). The dry run lists them, and a load asked to removes
 * their coverage.
 *
 * Shaped for the planner to answer by index: the plan is read from the job once (a constant for
 * the rest), the plan's subscriptions come from `lead_plan_subscription` in póliza order, and the
 * file's people are an anti-join reached from the file's rows (by RUT to the insured, then to
 * their subscriptions). 0027's function joined the job and tied the file's rows to it inside the
 * anti-join: PostgreSQL ran that as a subplan per subscription reading the file again each time,
 * 12 s for 100 000 subscriptions and a 10-row file, and 727 s on PGlite for 30 000.
 */
export const leftOutBy = (sql: SqlClient.SqlClient, jobId: string) =>
  sql`l.product_plan_id = (SELECT j.product_plan_id FROM bulk_load_job j WHERE j.id = ${jobId})
    AND l.end_date >= current_date
    AND EXISTS (SELECT 1 FROM lead_insured li WHERE li.lead_id = l.id)
    AND NOT EXISTS (SELECT 1 FROM lead_insured li JOIN insured i ON i.id = li.insured_id
      JOIN bulk_load_row b ON b.job_id = ${jobId} AND b.rut = i.rut WHERE li.lead_id = l.id)`

/**
 * For the rest of the transaction, plans that walk indexes rather than sort or scan whole tables.
 * PGlite never gathers statistics by itself (no autovacuum), and without them the planner takes a
 * plan of 3 000 subscriptions for nine: it sorted all of them for a page of 20 (33 000 buffers),
 * and at 100 000 it hashed every insured to find a page's twenty (3.3 s). A page read this way
 * costs its depth, whatever the statistics say.
 */
export const byIndex = (sql: SqlClient.SqlClient) => sql`SELECT set_config('enable_seqscan', 'off', true), set_config('enable_sort', 'off', true)`

/**
 * Numbers the next subscriptions a job's file leaves out into the review's list
 * (`bulk_load_missing`): walks up to `size` of the plan's subscriptions in póliza order after
 * `after` (from the first without it), and gives those left out the positions after `stored`. Only
 * while `owner` holds the job, whose lease it renews: the answer's `held` is 0 otherwise. `last`
 * is the last póliza walked, null when none was left.
 */
export const storeLeftOut = (
  sql: SqlClient.SqlClient,
  job: { readonly id: string; readonly owner: string; readonly leaseSeconds: number },
  step: { readonly after: number | undefined; readonly size: number; readonly stored: number }
) =>
  sql<{ held: number; last: number | null; stored: number }>`WITH held AS (
      UPDATE bulk_load_job SET lease_until = now() + make_interval(secs => ${job.leaseSeconds})
      WHERE id = ${job.id} AND owner = ${job.owner} AND status = 'validating' RETURNING id),
    walked AS MATERIALIZED (
      SELECT l.id, l.subscription_id, l.product_plan_id, l.end_date FROM lead l
      WHERE l.product_plan_id = (SELECT j.product_plan_id FROM bulk_load_job j WHERE j.id = ${job.id})
        ${step.after === undefined ? sql`` : sql`AND l.subscription_id > ${step.after}`}
      ORDER BY l.subscription_id LIMIT ${step.size}),
    stored AS (INSERT INTO bulk_load_missing (job_id, position, subscription_id)
      SELECT held.id, ${step.stored} + row_number() OVER (ORDER BY l.subscription_id), l.subscription_id
      FROM held CROSS JOIN walked l WHERE ${leftOutBy(sql, job.id)} RETURNING 1)
    SELECT (SELECT count(*)::int FROM held) AS held, (SELECT max(subscription_id) FROM walked) AS last,
      (SELECT count(*)::int FROM stored) AS stored`

/**
 * A page of the review's list of the subscriptions a job's file leaves out, in póliza order, with
 * the insured each is listed by (its titular: the first linked, as a roster and a case link them).
 * The page is taken by position (after `offset`), or after a póliza (`after`); only its few rows
 * are then looked up.
 */
export const leftOutPage = (
  sql: SqlClient.SqlClient,
  jobId: string,
  page: { readonly after?: number | undefined; readonly limit: number; readonly offset: number }
) =>
  // The titular is not chosen in RUT order: that is the RUT index's own, and a planner without
  // statistics walked every insured by RUT for each row of the page to find its one. Both keys follow the same order (positions are given in póliza order): each is walked by its own index.
  sql<MissingInsured>`WITH page AS MATERIALIZED (
      SELECT l.id, l.subscription_id, l.end_date FROM bulk_load_missing m JOIN lead l ON l.subscription_id = m.subscription_id
      WHERE m.job_id = ${jobId} AND ${page.after === undefined ? sql`m.position > ${page.offset} ORDER BY m.position` : sql`m.subscription_id > ${page.after} ORDER BY m.subscription_id`}
      LIMIT ${page.limit})
    SELECT p.id::text AS lead_id, p.subscription_id, i.rut, i.name, p.end_date::text AS "endDate"
    FROM page p CROSS JOIN LATERAL (
      SELECT x.rut, trim(x.name || ' ' || x.paternal_last_name || ' ' || x.maternal_last_name) AS name
      FROM lead_insured li JOIN insured x ON x.id = li.insured_id WHERE li.lead_id = p.id ORDER BY li.created_at, x.rut LIMIT 1) i
    ORDER BY p.subscription_id`
