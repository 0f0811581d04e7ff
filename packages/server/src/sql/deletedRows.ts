import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { type DeletedRecord, type Page, type PageQuery } from "@palma/core/domain"
import { Clash, Missing } from "../domain/errors.js"
import type { Versioned } from "../domain/version.js"
import { RowIntegrity } from "./RowIntegrity.js"
import { withVersion } from "./rowVersion.js"
import { isUniqueViolation } from "./uniqueViolation.js"

/** A catalog table whose rows are deactivated, never deleted, and carry a name. */
export type CatalogTable = "assistance" | "product" | "retail"

/** The deleted rows of a catalog table and their restore, for its service. */
export const deletedRowsOf = (table: CatalogTable) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const integrity = yield* RowIntegrity

    /** Newest deletion first, searched by name. */
    const page = (query: PageQuery): Effect.Effect<Page<DeletedRecord>> =>
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
     * Reactivates a deleted row inside the caller's transaction and answers it as `read` does, with
     * its version: `Missing` when there is no such row, `Clash` when a row it needs is deleted or an
     * active row now holds its unique fields (the index says so).
     */
    const restore = <A, E>(
      id: string,
      messages: { readonly notFound: string; readonly taken: string },
      read: Effect.Effect<A, E>
    ): Effect.Effect<Versioned<A>, Missing | Clash | E> =>
      Effect.gen(function* () {
        const [row] = yield* sql<{ is_active: boolean }>`SELECT is_active FROM ${sql(table)} WHERE id = ${id} FOR UPDATE`.pipe(Effect.orDie)
        if (row === undefined) return yield* Effect.fail(new Missing({ message: messages.notFound }))
        if (!row.is_active) {
          yield* integrity.refuseIfNeedsDeleted(table, id)
          yield* sql`UPDATE ${sql(table)} SET is_active = true, updated_at = now() WHERE id = ${id}`.pipe(
            Effect.catchTag("SqlError", (error) => (isUniqueViolation(error) ? Effect.fail(new Clash({ message: messages.taken })) : Effect.die(error)))
          )
        }
        return yield* withVersion(sql, table, id, yield* read)
      })

    return { page, restore }
  })
