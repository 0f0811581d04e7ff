import { SqlClient } from "@effect/sql"
import { Effect, ManagedRuntime } from "effect"
import { afterAll, beforeAll, expect, it } from "vitest"
import { migrations } from "../../src/migrations/index.js"
import { runMigrations } from "../../src/sql/Migrations.js"
import * as PgLiteClient from "../../src/sql/PgLiteClient.js"

let runtime: ManagedRuntime.ManagedRuntime<SqlClient.SqlClient, unknown>
beforeAll(() => {
  runtime = ManagedRuntime.make(PgLiteClient.layer())
})
afterAll(() => runtime.dispose())

const JOBS = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002"]
const OUTCOMES = ["new", "failed", "updated", "new", "unchanged", "new", "failed"]

it("0037 numbers the rows stored before it, per job in file order, among all and among those of their outcome", { timeout: 600_000 }, async () => {
  const { "0037_bulk_load_row_positions": positions, ...before } = migrations
  await runtime.runPromise(runMigrations(before))
  // Rows of two jobs as 0027 stored them, numbers with gaps (blank rows), stored out of order;
  // the jobs themselves are not needed here (foreign keys off for these inserts).
  await runtime.runPromise(
    Effect.flatMap(SqlClient.SqlClient, (sql) =>
      Effect.zipRight(
        sql`SET session_replication_role = replica`,
        sql`INSERT INTO bulk_load_row (job_id, row, rut, name, outcome)
          SELECT ${JOBS[0]}::uuid, (${"{9,2,5,3,12,7,4}"}::int[])[i], '1-9', '', (${`{${OUTCOMES.join(",")}}`}::text[])[i]
          FROM generate_series(1, 7) i
          UNION ALL SELECT ${JOBS[1]}::uuid, 2 + i, '1-9', '', 'failed' FROM generate_series(1, 3) i`
      ).pipe(Effect.ensuring(Effect.ignore(sql`SET session_replication_role = DEFAULT`)))
    )
  )
  await runtime.runPromise(runMigrations({ ...before, "0037_bulk_load_row_positions": positions }))
  const rows = await runtime.runPromise(
    Effect.flatMap(
      SqlClient.SqlClient,
      (sql) => sql<{ job_id: string; row: number; outcome: string; position: number; outcome_position: number }>`
        SELECT job_id::text AS job_id, row, outcome, position, outcome_position FROM bulk_load_row ORDER BY job_id, row`
    )
  )
  expect(rows.map((r) => [r.job_id === JOBS[0] ? 1 : 2, r.row, r.outcome, r.position, r.outcome_position])).toEqual([
    [1, 2, "failed", 1, 1],
    [1, 3, "new", 2, 1],
    [1, 4, "failed", 3, 2],
    [1, 5, "updated", 4, 1],
    [1, 7, "new", 5, 2],
    [1, 9, "new", 6, 3],
    [1, 12, "unchanged", 7, 1],
    [2, 3, "failed", 1, 1],
    [2, 4, "failed", 2, 2],
    [2, 5, "failed", 3, 3]
  ])
})
