import { type SqlClient, SqlSchema, type Statement } from "@effect/sql"
import { Effect, Schema } from "effect"
import type { Page, PageQuery } from "@palma/core/domain"
import { containsText } from "./textSearch.js"

/** A list the web pages through: its rows as a SELECT, what it sorts by and what a search matches. */
export interface PagedList {
  /** The active rows, their columns named as the row schema reads them; paged as `x`. */
  readonly select: Statement.Fragment
  /** Sort keys a query may name, each an expression over `x`; the first is the default. */
  readonly sortable: ReadonlyArray<readonly [string, Statement.Fragment]>
  /** Text columns a search looks in (as expressions over `x`), ignoring case and accents: "grua" finds "Grúa". */
  readonly searchable: ReadonlyArray<Statement.Fragment>
  /** Another way a term finds rows (a RUT's digits), or null when it does not apply to this term. */
  readonly alsoMatches?: (term: string) => Statement.Fragment | null
  /** Whether `family_id` filters it (the rows carry `x.family_id`). */
  readonly familyScoped: boolean
}

/**
 * One page of a list, sorted and searched by the database: the page's rows decoded with `row`
 * and the count of every row the query finds. An unknown sort key falls back to the default.
 */
export const pagedRows = <A, I>(sql: SqlClient.SqlClient, row: Schema.Schema<A, I>, list: PagedList, query: PageQuery) =>
  Effect.gen(function* () {
    const pageSize = query.pageSize ?? 20
    const page = query.page ?? 1
    const sort = list.sortable.find(([key]) => key === query.sort)?.[1] ?? list.sortable[0]![1]
    const direction = query.order === "desc" ? sql`DESC` : sql`ASC`
    const term = query.search?.trim() ?? ""
    const also = term === "" ? null : (list.alsoMatches?.(term) ?? null)
    const where = sql.and([
      ...(list.familyScoped && query.family_id !== undefined ? [sql`x.family_id = ${query.family_id}`] : []),
      ...(term !== "" ? [sql.or([...list.searchable.map((expr) => containsText(sql, expr, term)), ...(also === null ? [] : [also])])] : [])
    ])
    const [count] = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM (${list.select}) AS x WHERE ${where}`
    const items = yield* SqlSchema.findAll({
      Request: Schema.Void,
      Result: row,
      execute: () =>
        sql`SELECT * FROM (${list.select}) AS x WHERE ${where} ORDER BY ${sort} ${direction}, x.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`
    })(undefined)
    return { items, total: count?.total ?? 0, page, pageSize } satisfies Page<A>
  })
