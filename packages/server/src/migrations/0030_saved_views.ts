import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Each user's saved case lists ("vistas"), by name (one name per user, whatever its case), and
 * the projection's indexes for the lists the views ask for most: the open cases a user opened,
 * and the refunds in a status.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE TABLE saved_view (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    user_id text NOT NULL,
    name text NOT NULL,
    criteria jsonb NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
  )`
  yield* sql`CREATE UNIQUE INDEX saved_view_name ON saved_view (user_id, lower(name))`
  yield* sql`CREATE INDEX assistance_case_opened_by ON assistance_case (created_by, number DESC) WHERE NOT is_closed`
  yield* sql`CREATE INDEX assistance_case_refund_status ON assistance_case (refund_status, number DESC) WHERE refund_status IS NOT NULL`
})
