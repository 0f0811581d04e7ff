import type { SqlClient } from "@effect/sql"
import { type Context, Effect } from "effect"
import { type DeletedRecord, type Page, type PageQuery } from "@palma/core/domain"
import { Conflict, NotFound } from "@palma/core/api"
import type { RowIntegrity } from "./RowIntegrity.js"
import { type Versioned, withVersion } from "./rowVersion.js"
import { isUniqueViolation } from "./uniqueViolation.js"

/** A catalog table whose rows are deactivated, never deleted, and carry a name. */
export type CatalogTable = "assistance" | "product" | "retail"

/** The deleted rows of a catalog table, newest deletion first, searched by name. */
export const deletedPage = (sql: SqlClient.SqlClient, table: CatalogTable, query: PageQuery): Effect.Effect<Page<DeletedRecord>> =>
  Effect.gen(function* () {
    const pageSize = query.pageSize ?? 20
    const page = query.page ?? 1
    const term = query.search?.trim()
    const where = sql.and([sql`NOT is_active`, ...(term ? [sql`name ILIKE ${`%${term}%`}`] : [])])
    const [count] = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM ${sql(table)} WHERE ${where}`
    const items = yield* sql<DeletedRecord>`SELECT id, name, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "deletedAt"
      FROM ${sql(table)} WHERE ${where} ORDER BY updated_at DESC, id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    return { items, total: count?.total ?? 0, page, pageSize }
  }).pipe(Effect.orDie)

/**
 * Reactivates a deleted catalog row inside the caller's transaction and answers it as `read` does,
 * with its version: 404 when there is no such row, 409 when a row it needs is deleted or an active
 * row now holds its unique fields (the index says so).
 */
export const restoreRow = <A, E>(
  sql: SqlClient.SqlClient,
  integrity: Context.Tag.Service<RowIntegrity>,
  table: CatalogTable,
  id: string,
  messages: { readonly notFound: string; readonly taken: string },
  read: Effect.Effect<A, E>
): Effect.Effect<Versioned<A>, NotFound | Conflict | E> =>
  Effect.gen(function* () {
    const [row] = yield* sql<{ is_active: boolean }>`SELECT is_active FROM ${sql(table)} WHERE id = ${id} FOR UPDATE`.pipe(Effect.orDie)
    if (row === undefined) return yield* Effect.fail(new NotFound({ message: messages.notFound }))
    if (!row.is_active) {
      yield* integrity.refuseIfNeedsDeleted(table, id)
      yield* sql`UPDATE ${sql(table)} SET is_active = true, updated_at = now() WHERE id = ${id}`.pipe(
        Effect.catchTag("SqlError", (error) => (isUniqueViolation(error) ? Effect.fail(new Conflict({ message: messages.taken })) : Effect.die(error)))
      )
    }
    return yield* withVersion(sql, table, id, yield* read)
  })
