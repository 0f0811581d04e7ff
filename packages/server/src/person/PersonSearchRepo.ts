import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { type PersonSearchQuery, Rut } from "@palma/core/domain"
import { fullName } from "./columnsSql.js"
import { personFilters } from "./searchSql.js"

const Row = Schema.Struct({
  id: Schema.String,
  rut: Rut.Rut,
  name: Schema.String,
  products: Schema.Number,
  found: Schema.NumberFromString,
  subscriptions: Schema.NumberFromString
})
const Totals = Schema.Struct({ found: Schema.NumberFromString, subscriptions: Schema.NumberFromString })

export interface SearchResult {
  readonly found: number
  readonly subscriptions: number
  /** As the original pages: `total` is the number of pages. */
  readonly pagination: { readonly total: number; readonly page: number; readonly records: number }
  readonly data: ReadonlyArray<{ readonly id: string; readonly rut: Rut.Rut; readonly name: string; readonly products: number }>
}

/**
 * One page of the people of `table` (customers or titulares) with a policy in force (not ended
 * today) matching the query, ordered by folded name, with the totals of the whole match: `found`
 * people, `subscriptions` their policies in force; `pages` = ceil(found ÷ records); without
 * `records`, one page of all.
 */
const searchPage = (sql: SqlClient.SqlClient, table: "customer" | "insured", query: PersonSearchQuery): Effect.Effect<SearchResult> =>
  Effect.gen(function* () {
    const page = query.page ?? 1
    const records = query.records ?? null
    const offset = records === null ? 0 : (page - 1) * records
    // The policy end dates are on the row (migration 0028): nothing is read per match but the row.
    const found = sql`SELECT p.id, p.rut, p.search_name AS sort_name, policies_in_force(p.policy_ends, current_date) AS products
      FROM ${sql(table)} p WHERE ${sql.and([sql`policies_in_force(p.policy_ends, current_date) > 0`, ...personFilters(sql, "p", query)])}`
    // The name is built for the page's rows only, after the totals and the sort over the whole match.
    const rows = yield* sql`WITH found AS (${found}),
      page AS (SELECT f.*, count(*) OVER () AS found, sum(f.products) OVER () AS subscriptions
        FROM found f ORDER BY f.sort_name, f.rut LIMIT ${records} OFFSET ${offset})
      SELECT g.id::text AS id, g.rut, ${fullName(sql, "p")} AS name, g.products, g.found, g.subscriptions
      FROM page g JOIN ${sql(table)} p ON p.id = g.id ORDER BY g.sort_name, g.rut`.pipe(Effect.flatMap(Schema.decodeUnknown(Schema.Array(Row))))
    const first = rows[0]
    // Past the last page no row carries the totals: count them apart.
    const totals =
      first ??
      (yield* sql`WITH found AS (${found}) SELECT count(*) AS found, COALESCE(sum(products), 0) AS subscriptions FROM found`.pipe(
        Effect.flatMap(Schema.decodeUnknown(Schema.Array(Totals))),
        Effect.map((all) => all[0] ?? { found: 0, subscriptions: 0 })
      ))
    const size = records ?? totals.found
    return {
      found: totals.found,
      subscriptions: totals.subscriptions,
      pagination: { total: size === 0 ? 0 : Math.ceil(totals.found / size), page, records: size },
      data: rows.map(({ id, rut, name, products }) => ({ id, rut, name, products }))
    } satisfies SearchResult
  }).pipe(Effect.orDie)

/** SQL of the RUT-or-name search over customers and titulares. */
export class PersonSearchRepo extends Context.Tag("palma/PersonSearchRepo")<
  PersonSearchRepo,
  { readonly page: (table: "customer" | "insured", query: PersonSearchQuery) => Effect.Effect<SearchResult> }
>() {
  static readonly layer = Layer.effect(
    PersonSearchRepo,
    Effect.map(SqlClient.SqlClient, (sql) => ({ page: (table: "customer" | "insured", query: PersonSearchQuery) => searchPage(sql, table, query) }))
  )
}
