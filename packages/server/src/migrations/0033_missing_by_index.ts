import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * The insured a roster leaves out are read by index, a page at a time (issue 31): a plan's
 * subscriptions in póliza order, with their end beside it so a page skips those no longer in force
 * without reading the lead. The 0027 function goes: the query is written where it is read
 * (bulkLoad/leftOutSql.ts), so the planner sees the job and the page instead of a function's body.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`CREATE INDEX lead_plan_subscription ON lead (product_plan_id, subscription_id) INCLUDE (end_date)`
  yield* sql`DROP FUNCTION plan_missing_leads(uuid)`
})
