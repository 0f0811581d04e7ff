import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The review's list of the plan's subscriptions a file leaves out, numbered in póliza order
 * (issue 31). It is a cache of the check, not a second record of coverage: written once by the
 * job when it has read its file, in short steps, beside the count it already kept
 * (`count_missing`), and deleted with the job. A page of it is then read by position, as cheap
 * on the last page as on the first; computed per page, page 10 000 walked 100 000 subscriptions
 * through the anti-join (half a second on the embedded database, which answers nobody else
 * meanwhile). Loading still ends the coverage of those left out at that moment (leftOutBy).
 * Checks waiting for a confirmation get their list here; older jobs are history, without one.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE bulk_load_missing (
    job_id uuid NOT NULL REFERENCES bulk_load_job (id) ON DELETE CASCADE,
    position integer NOT NULL,
    subscription_id integer NOT NULL,
    PRIMARY KEY (job_id, position),
    UNIQUE (job_id, subscription_id)
  )`
  yield* sql`INSERT INTO bulk_load_missing (job_id, position, subscription_id)
    SELECT j.id, row_number() OVER (PARTITION BY j.id ORDER BY l.subscription_id), l.subscription_id
    FROM bulk_load_job j JOIN lead l ON l.product_plan_id = j.product_plan_id
    WHERE j.status = 'ready' AND l.end_date >= current_date
      AND EXISTS (SELECT 1 FROM lead_insured li WHERE li.lead_id = l.id)
      AND NOT EXISTS (SELECT 1 FROM lead_insured li JOIN insured i ON i.id = li.insured_id
        JOIN bulk_load_row b ON b.job_id = j.id AND b.rut = i.rut WHERE li.lead_id = l.id)`
})
