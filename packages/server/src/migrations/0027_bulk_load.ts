import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Insured uploads as durable jobs. The file is kept until the job ends so any process can take a
 * job over; its rows are read once into `bulk_load_row` (the dry run's diff and each row's
 * reason), and loading walks them in batches, `loaded_row` committed with each batch, so a job
 * resumes after its last committed batch. A process holds a job while its lease lasts and renews it
 * with every batch; a job whose lease ran out is taken over. `lead_value` keeps the plan's values a
 * roster carries per subscription.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE bulk_load_job (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    retail_id uuid NOT NULL REFERENCES retail (id),
    product_plan_id uuid NOT NULL REFERENCES product_plan (id),
    file_name text NOT NULL,
    user_id text,
    dry_run boolean NOT NULL,
    remove_missing boolean NOT NULL,
    status text NOT NULL CHECK (status IN ('queued', 'validating', 'ready', 'loading', 'done', 'failed', 'cancelled')),
    total integer NOT NULL DEFAULT 0,
    succeeded integer NOT NULL DEFAULT 0,
    count_new integer NOT NULL DEFAULT 0,
    count_updated integer NOT NULL DEFAULT 0,
    count_unchanged integer NOT NULL DEFAULT 0,
    count_failed integer NOT NULL DEFAULT 0,
    count_missing integer NOT NULL DEFAULT 0,
    count_removed integer NOT NULL DEFAULT 0,
    loaded_row integer NOT NULL DEFAULT 0,
    message text,
    owner text,
    lease_until timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    started_at timestamptz,
    finished_at timestamptz
  )`
  yield* sql`CREATE INDEX bulk_load_job_created ON bulk_load_job (created_at DESC)`
  // What a worker looks for: jobs not finished, per plan in arrival order.
  yield* sql`CREATE INDEX bulk_load_job_open ON bulk_load_job (product_plan_id, created_at)
    WHERE status IN ('queued', 'validating', 'loading')`
  yield* sql`CREATE TABLE bulk_load_file (
    job_id uuid PRIMARY KEY REFERENCES bulk_load_job (id) ON DELETE CASCADE,
    data bytea NOT NULL
  )`
  yield* sql`CREATE TABLE bulk_load_row (
    job_id uuid NOT NULL REFERENCES bulk_load_job (id) ON DELETE CASCADE,
    row integer NOT NULL,
    rut text NOT NULL,
    name text NOT NULL,
    outcome text NOT NULL CHECK (outcome IN ('new', 'updated', 'unchanged', 'failed')),
    reasons jsonb NOT NULL DEFAULT '[]',
    record jsonb,
    lead_id uuid,
    PRIMARY KEY (job_id, row)
  )`
  yield* sql`CREATE INDEX bulk_load_row_outcome ON bulk_load_row (job_id, outcome, row)`
  yield* sql`CREATE INDEX bulk_load_row_rut ON bulk_load_row (job_id, rut)`
  // The plan's subscriptions in force that the job's file leaves out: none of their insured has a
  // row in it (a failed row still names its person, who is not removed for a typo elsewhere).
  yield* sql`CREATE FUNCTION plan_missing_leads(job uuid) RETURNS TABLE (lead_id uuid) LANGUAGE sql STABLE AS $$
    SELECT l.id FROM bulk_load_job j JOIN lead l ON l.product_plan_id = j.product_plan_id
    WHERE j.id = job AND l.end_date >= current_date
      AND EXISTS (SELECT 1 FROM lead_insured li WHERE li.lead_id = l.id)
      AND NOT EXISTS (SELECT 1 FROM lead_insured li JOIN insured i ON i.id = li.insured_id
        JOIN bulk_load_row b ON b.job_id = j.id AND b.rut = i.rut WHERE li.lead_id = l.id)
  $$`
  // A roster row finds its person's subscription on the plan by customer and plan: without this the
  // planner walks the plan's leads (lead_product_plan) for every row, slower with every batch loaded.
  yield* sql`CREATE INDEX lead_customer_plan ON lead (customer_id, product_plan_id, end_date)`
  yield* sql`CREATE TABLE lead_value (
    lead_id uuid NOT NULL REFERENCES lead (id),
    value_id uuid NOT NULL REFERENCES value (id),
    value text NOT NULL,
    PRIMARY KEY (lead_id, value_id)
  )`
})
