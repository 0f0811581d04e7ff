import { SqlClient, type SqlError, SqlSchema } from "@effect/sql"
import { Effect, type ParseResult, Schema } from "effect"
import { FamilyOfItems, type Page, type PageQuery } from "@palma/core/domain"
import { containsText } from "../sql/textSearch.js"
import type { MasterTable } from "./MasterTableSql.js"

/** A row that does not decode is a drifted column: a defect, not a client's problem. */
const decoded = <A, R>(effect: Effect.Effect<A, SqlError.SqlError | ParseResult.ParseError, R>) => Effect.catchTag(effect, "ParseError", Effect.die)

/**
 * The SQL of a simple master over its declaration: rows decoded with the entity schema, "maybe
 * one" as an `Option`, database failures left to the caller (a unique violation means a conflict).
 */
export const makeMasterRepo = <A, I, In, Resolved>(entity: Schema.Schema<A, I>, spec: MasterTable<A, In, Resolved>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const view = () => sql`(${spec.select(sql)}) AS x`
    /** The active rows (of one family, if given), or the deleted ones. */
    const activeOf = (familyId: string | undefined, active = true) => [
      active ? sql`x."isActive"` : sql`NOT x."isActive"`,
      ...(familyId ? [sql`x.family_id = ${familyId}`] : [])
    ]

    const list = SqlSchema.findAll({
      Request: Schema.UndefinedOr(Schema.String),
      Result: entity,
      execute: (familyId) =>
        sql`SELECT * FROM ${view()} WHERE ${sql.and(activeOf(familyId))}
          ORDER BY ${sql(spec.sortable[0]!)} ${spec.listOrder === "desc" ? sql`DESC` : sql`ASC`}, x.name`
    })

    /** A page of the active rows, or of the deleted ones (`active` false) for an admin to restore. */
    const page = (query: PageQuery, active = true) =>
      Effect.gen(function* () {
        const pageSize = query.pageSize ?? 20
        const pageNumber = query.page ?? 1
        const sort = query.sort && spec.sortable.includes(query.sort) ? query.sort : spec.sortable[0]!
        const direction = query.order === "desc" ? sql`DESC` : sql`ASC`
        const term = query.search?.trim()
        const where = sql.and([
          ...activeOf(query.family_id, active),
          ...(term ? [sql.or(spec.searchable.map((f) => containsText(sql, sql`${sql(f)}`, term)))] : [])
        ])
        const [count] = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM ${view()} WHERE ${where}`
        const items = yield* SqlSchema.findAll({
          Request: Schema.Void,
          Result: entity,
          execute: () =>
            sql`SELECT * FROM ${view()} WHERE ${where} ORDER BY ${sql(sort)} ${direction}, x.id LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`
        })(undefined)
        return { items, total: count?.total ?? 0, page: pageNumber, pageSize } satisfies Page<A>
      })

    /** One active row. */
    const findById = SqlSchema.findOne({
      Request: Schema.String,
      Result: entity,
      execute: (id) => sql`SELECT * FROM ${view()} WHERE x.id = ${id} AND x."isActive"`
    })

    /** One row, active or deleted. */
    const findAnyById = SqlSchema.findOne({
      Request: Schema.String,
      Result: entity,
      execute: (id) => sql`SELECT * FROM ${view()} WHERE x.id = ${id}`
    })

    /** Whether an active row other than `id` has the same unique fields as row `id` (which a restore would bring back). */
    const duplicateOf = (id: string) =>
      sql`SELECT 1 FROM ${view()} JOIN ${sql`(${spec.select(sql)}) AS y`} ON y.id = ${id} WHERE ${sql.and([
        sql`x."isActive"`,
        sql`x.id <> y.id`,
        ...spec.unique.map((f) => sql`lower(x.${sql(f)}::text) = lower(y.${sql(f)}::text)`)
      ])}`.pipe(Effect.map((rows) => rows.length > 0))

    /** The families that have at least one active row (family-scoped masters). */
    const families = SqlSchema.findAll({
      Request: Schema.Void,
      Result: FamilyOfItems,
      execute: () => sql`SELECT DISTINCT x.family_id, x.family_name FROM ${view()} WHERE x."isActive" ORDER BY x.family_name`
    })(undefined)

    const isActive = (table: string, id: string) => sql`SELECT 1 FROM ${sql(table)} WHERE id = ${id} AND is_active`.pipe(Effect.map((rows) => rows.length > 0))

    /** Whether another active row has the same unique fields (text compared without case, so ids and names share one rule). */
    const hasDuplicate = (input: Resolved, selfId?: string) =>
      sql`SELECT 1 FROM ${view()} WHERE ${sql.and([
        ...activeOf(undefined),
        ...spec.unique.map((f) => sql`lower(${sql(f)}::text) = lower(${String(input[f])})`),
        ...(selfId ? [sql`x.id <> ${selfId}`] : [])
      ])}`.pipe(Effect.map((rows) => rows.length > 0))

    const insert = (input: Resolved) =>
      sql<{ id: string }>`INSERT INTO ${sql(spec.table)} ${sql.insert(spec.columns(input))} RETURNING id`.pipe(Effect.map(([row]) => row!.id))

    const update = (id: string, input: Resolved) => sql`UPDATE ${sql(spec.table)} SET ${sql.update(spec.columns(input))}, updated_at = now() WHERE id = ${id}`

    const deactivate = (id: string) => sql`UPDATE ${sql(spec.table)} SET is_active = false, updated_at = now() WHERE id = ${id}`

    const reactivate = (id: string) => sql`UPDATE ${sql(spec.table)} SET is_active = true, updated_at = now() WHERE id = ${id}`

    return {
      list: (familyId?: string) => decoded(list(familyId)),
      page: (query: PageQuery) => decoded(page(query)),
      deletedPage: (query: PageQuery) => decoded(page(query, false)),
      findById: (id: string) => decoded(findById(id)),
      findAnyById: (id: string) => decoded(findAnyById(id)),
      duplicateOf,
      families: decoded(families),
      /** Runs the declaration's resolver, which may read what it needs. */
      resolve: (input: In, selfId?: string) => spec.resolve(sql, input, selfId),
      isActive,
      hasDuplicate,
      insert,
      update,
      deactivate,
      reactivate,
      withTransaction: sql.withTransaction
    }
  })
