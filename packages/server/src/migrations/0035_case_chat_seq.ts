import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * Each chat message gets its number in its case's chat (1, 2, …), given under the case's lock so
 * the numbers follow the order messages commit in: a live follower that dropped asks for the
 * messages after the last number it got (`Last-Event-ID`), on any process. `created_at` cannot
 * say that: it is when the writing transaction began, not when its message became visible.
 * Existing messages are numbered in the order the chat showed them.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE case_chat ADD COLUMN seq integer`
  yield* sql`UPDATE case_chat m SET seq = n.seq
    FROM (SELECT id, row_number() OVER (PARTITION BY case_id ORDER BY created_at, id) AS seq FROM case_chat) n WHERE n.id = m.id`
  yield* sql`ALTER TABLE case_chat ALTER COLUMN seq SET NOT NULL`
  yield* sql`ALTER TABLE case_chat ADD CONSTRAINT case_chat_seq UNIQUE (case_id, seq)`
  // The chat is read in that order now, through the constraint's index.
  yield* sql`DROP INDEX case_chat_case`
})
