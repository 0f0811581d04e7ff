import type { SqlClient, Statement } from "@effect/sql"
import { Effect } from "effect"
import { byIndex } from "../../src/bulkLoad/leftOutSql.js"
import type { InProcessServer } from "./startServer.js"

/**
 * The buffers (pages of tables and indexes) the database touched to answer a page's `statement`,
 * from EXPLAIN ANALYZE, and the rows it gave: planned by index, as the review's reads are.
 */
export const pageWork = async (server: InProcessServer, statement: (sql: SqlClient.SqlClient) => Statement.Statement<unknown>) => {
  const [plan] = await server.sql((sql) =>
    Effect.zipRight(
      byIndex(sql),
      sql<{ "QUERY PLAN": ReadonlyArray<{ Plan: Record<string, number> }> }>`EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) ${statement(sql)}`
    ).pipe(sql.withTransaction)
  )
  const top = plan!["QUERY PLAN"][0]!.Plan
  return { rows: top["Actual Rows"], buffers: top["Shared Hit Blocks"]! + top["Shared Read Blocks"]! }
}
