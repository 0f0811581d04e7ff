import { SqlClient } from "@effect/sql"
import { Effect } from "effect"

/**
 * A job's rows numbered as they are stored (issue 31): `position` among all of the job's rows and
 * `outcome_position` among those of its outcome, both in file order. A page of the diff by its
 * number is then read from its position through an index, as cheap on the last page as on the
 * first; with OFFSET, page 5 000 of a 100 000-row load walked every row before it in one statement,
 * and the embedded database answered nobody else meanwhile. The highest of each is also how many
 * rows (of an outcome) a job has, read from the index's end instead of counted.
 */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* sql`ALTER TABLE bulk_load_row ADD COLUMN position integer, ADD COLUMN outcome_position integer`
  yield* sql`UPDATE bulk_load_row b SET position = n.position, outcome_position = n.outcome_position
    FROM (SELECT job_id, row, row_number() OVER (PARTITION BY job_id ORDER BY row) AS position,
        row_number() OVER (PARTITION BY job_id, outcome ORDER BY row) AS outcome_position
      FROM bulk_load_row) n
    WHERE b.job_id = n.job_id AND b.row = n.row`
  yield* sql`ALTER TABLE bulk_load_row ALTER COLUMN position SET NOT NULL, ALTER COLUMN outcome_position SET NOT NULL`
  yield* sql`CREATE UNIQUE INDEX bulk_load_row_position ON bulk_load_row (job_id, position)`
  yield* sql`CREATE UNIQUE INDEX bulk_load_row_outcome_position ON bulk_load_row (job_id, outcome, outcome_position)`
})
