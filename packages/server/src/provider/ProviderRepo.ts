import { type SqlClient, SqlSchema, type Statement } from "@effect/sql"
import { Effect, type Option, Schema } from "effect"
import type { ProviderPageQuery } from "@palma/core/domain"
import { containsText } from "../sql/textSearch.js"
import { pageOf, providerConditions } from "./pageFiltersSql.js"
import { type ProviderKind, providerLinks } from "./ProviderSpecialtiesRepo.js"

/**
 * What tells one provider table from the other in SQL (the repo both PartnerRepo and SpecialistRepo build on). Every fragment names the provider's table
 * by `alias`, its comuna as `d` (the page's sort by comuna), its specialty links as `l` and the
 * linked specialty as `sp` (the conditions given to `hasSpecialty`).
 */
export interface ProviderTable<Row, RowEncoded, PageRow, PageRowEncoded> {
  readonly kind: ProviderKind
  readonly alias: string
  /** The columns as the wire reads them, and a page row's (the same, or with more). */
  readonly columns: Statement.Fragment
  readonly pageColumns: Statement.Fragment
  readonly Row: Schema.Schema<Row, RowEncoded>
  readonly PageRow: Schema.Schema<PageRow, PageRowEncoded>
  /** What `getByName` and the page's search read as the name (a person's with their surnames). */
  readonly name: Statement.Fragment
  /** The lists' order, and the page's tie-break after a sort by comuna or by `extraSort`. */
  readonly byName: Statement.Fragment
  readonly tieBreak: Statement.Fragment
  /** The page's sort by name, in a direction. */
  readonly sortByName: (direction: Statement.Fragment) => Statement.Fragment
  /** The sortable column only this kind has, by its wire name (a partner's `line`, a specialist's `isRemote`). */
  readonly extraSort: { readonly key: string; readonly column: Statement.Fragment }
}

/**
 * The reads and writes every provider table answers the same way: by id or RUT, the active ones,
 * those of a specialty, by name, Palma's page (with the kind's own filters) and the deactivation.
 * Queries only one kind has stay in its repo, built on `all`, `hasSpecialty`, `performs` and `from`.
 */
export const providerRepo = <Row, RowEncoded, PageRow, PageRowEncoded>(
  sql: SqlClient.SqlClient,
  table: ProviderTable<Row, RowEncoded, PageRow, PageRowEncoded>
) => {
  const p = sql(table.alias)
  const link = providerLinks[table.kind]
  const from = sql`${sql(table.kind)} ${p} LEFT JOIN district d ON d.id = ${p}.district_id`

  const list = (where: Statement.Fragment) => sql`SELECT ${table.columns} FROM ${from} WHERE ${where} ORDER BY ${table.byName}`
  const all = (where: (request: string) => Statement.Fragment) =>
    SqlSchema.findAll({ Request: Schema.String, Result: table.Row, execute: (request) => list(where(request)) })
  const one = (where: (request: string) => Statement.Fragment) =>
    SqlSchema.findOne({ Request: Schema.String, Result: table.Row, execute: (request) => list(where(request)) })

  /** The provider has an active specialty meeting `condition` (over `l`, the link, and `sp`, the specialty). */
  const hasSpecialty = (condition: Statement.Fragment) =>
    sql`EXISTS (SELECT 1 FROM ${sql(link.table)} l JOIN specialty sp ON sp.id = l.specialty_id AND sp.is_active
      WHERE l.${sql(link.owner)} = ${p}.id AND ${condition})`
  /** The provider has a specialty that performs the assistance. */
  const performs = (assistanceId: string) =>
    hasSpecialty(sql`EXISTS (SELECT 1 FROM assistance_specialty a WHERE a.specialty_id = l.specialty_id AND a.assistance_id = ${assistanceId})`)

  const findById = one((id) => sql`${p}.id = ${id}`)
  const findByRut = one((rut) => sql`${p}.rut = ${rut}`)
  const findActive = SqlSchema.findAll({ Request: Schema.Void, Result: table.Row, execute: () => list(sql`${p}.is_active`) })
  const findBySpecialty = all((id) => sql`${p}.is_active AND ${hasSpecialty(sql`l.specialty_id = ${id}`)}`)
  const findByName = all((name) => sql`${p}.is_active AND ${containsText(sql, table.name, name)}`)

  /** Palma's page: the shared filters (state, search, specialty, family) and `conditions` of the kind's own. */
  const page = (query: ProviderPageQuery, conditions: ReadonlyArray<Statement.Fragment>) =>
    Effect.gen(function* () {
      const { page, pageSize, offset } = pageOf(query)
      const where = sql.and([
        ...providerConditions(sql, query, { isActive: sql`${p}.is_active`, name: table.name, rut: sql`${p}.rut` }),
        ...(query.specialty_id ? [hasSpecialty(sql`l.specialty_id = ${query.specialty_id}`)] : []),
        ...(query.family_id ? [hasSpecialty(sql`sp.family_id = ${query.family_id}`)] : []),
        ...conditions
      ])
      const direction = query.order === "desc" ? sql`DESC` : sql`ASC`
      const orderBy =
        query.sort === "rut"
          ? sql`length(${p}.rut) ${direction}, ${p}.rut ${direction}`
          : query.sort === "district"
            ? sql`COALESCE(d.name, '') ${direction}, ${table.tieBreak}`
            : query.sort === table.extraSort.key
              ? sql`${table.extraSort.column} ${direction}, ${table.tieBreak}`
              : table.sortByName(direction)
      const [count] = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM ${from} WHERE ${where}`
      const items = yield* SqlSchema.findAll({
        Request: Schema.Void,
        Result: table.PageRow,
        execute: () => sql`SELECT ${table.pageColumns} FROM ${from} WHERE ${where} ORDER BY ${orderBy}, ${p}.id LIMIT ${pageSize} OFFSET ${offset}`
      })()
      return { items, total: count?.total ?? 0, page, pageSize }
    })

  return {
    from,
    all,
    hasSpecialty,
    performs,
    findById: (id: string): Effect.Effect<Option.Option<Row>> => findById(id).pipe(Effect.orDie),
    findByRut: (rut: string): Effect.Effect<Option.Option<Row>> => findByRut(rut).pipe(Effect.orDie),
    findActive: findActive().pipe(Effect.orDie),
    findBySpecialty: (id: string) => findBySpecialty(id).pipe(Effect.orDie),
    findByName: (name: string) => findByName(name).pipe(Effect.orDie),
    page: (query: ProviderPageQuery, conditions: ReadonlyArray<Statement.Fragment> = []) => page(query, conditions).pipe(Effect.orDie),
    deactivate: (id: string) => sql`UPDATE ${sql(table.kind)} SET is_active = false, updated_at = now() WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie)
  }
}
