import { SqlClient, type SqlError } from "@effect/sql"
import { Effect, Option } from "effect"
import { type BadRequest, Conflict, NotFound, type Page, type PageQuery } from "@palma/core"
import { MasterCache } from "./MasterCache.js"
import type { MasterTable } from "./MasterTable.js"

type Row = Record<string, unknown>

const UNIQUE_VIOLATION = "23505"
const isSqlError = (error: unknown): error is SqlError.SqlError =>
  typeof error === "object" && error !== null && (error as { _tag?: unknown })._tag === "SqlError"
const isUniqueViolation = (error: SqlError.SqlError) =>
  typeof error.cause === "object" && error.cause !== null && (error.cause as { code?: unknown }).code === UNIQUE_VIOLATION

/** The generic repository of a simple master, over its declaration. */
export const makeMasterRepo = <In extends Record<string, unknown>, Resolved extends Record<string, unknown>>(spec: MasterTable<In, Resolved>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const cache = yield* MasterCache
    const view = () => sql`(${spec.select(sql)}) AS x`
    const notFound = () => new NotFound({ message: `No se encontró ${spec.label.charAt(0).toLowerCase()}${spec.label.slice(1)}` })

    const list = (familyId?: string) =>
      sql<Row>`SELECT * FROM ${view()} WHERE ${sql.and([
        sql`x."isActive"`,
        ...(familyId ? [sql`x.family_id = ${familyId}`] : [])
      ])} ORDER BY ${sql(spec.sortable[0]!)} ${spec.listOrder === "desc" ? sql`DESC` : sql`ASC`}, x.name`

    const page = (query: PageQuery) =>
      Effect.gen(function* () {
        const pageSize = query.pageSize ?? 20
        const pageNumber = query.page ?? 1
        const sort = query.sort && spec.sortable.includes(query.sort) ? query.sort : spec.sortable[0]!
        const direction = query.order === "desc" ? sql`DESC` : sql`ASC`
        const term = query.search?.trim()
        const where = sql.and([
          sql`x."isActive"`,
          ...(query.family_id ? [sql`x.family_id = ${query.family_id}`] : []),
          ...(term ? [sql.or(spec.searchable.map((f) => sql`${sql(f)}::text ILIKE ${`%${term}%`}`))] : [])
        ])
        const [count] = yield* sql<{ total: number }>`SELECT count(*)::int AS total FROM ${view()} WHERE ${where}`
        const items = yield* sql<Row>`SELECT * FROM ${view()} WHERE ${where}
          ORDER BY ${sql(sort)} ${direction}, x.id LIMIT ${pageSize} OFFSET ${(pageNumber - 1) * pageSize}`
        return { items, total: count?.total ?? 0, page: pageNumber, pageSize } satisfies Page<Row>
      })

    const findActive = (id: string) =>
      sql<Row>`SELECT * FROM ${view()} WHERE x.id = ${id} AND x."isActive"`.pipe(Effect.map((rows) => Option.fromNullable(rows[0])))

    const getById = (id: string) => findActive(id).pipe(Effect.flatMap(Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed })))

    /** Referenced rows must exist and be active: a 404 naming what is missing. */
    const checkReferences = (input: Resolved) =>
      Effect.forEach(spec.references ?? [], (ref) =>
        sql`SELECT 1 FROM ${sql(ref.table)} WHERE id = ${input[ref.field] as string} AND is_active`.pipe(
          Effect.flatMap((rows) => (rows.length === 0 ? Effect.fail(new NotFound({ message: ref.message })) : Effect.void))
        )
      )

    const checkUnique = (input: Resolved, selfId?: string) =>
      sql`SELECT 1 FROM ${view()} WHERE ${sql.and([
        sql`x."isActive"`,
        ...spec.unique.map(
          (f) =>
            // Compared as text so ids (uuid) and names share one rule; names ignore case.
            sql`lower(${sql(f)}::text) = lower(${String(input[f])})`
        ),
        ...(selfId ? [sql`x.id <> ${selfId}`] : [])
      ])}`.pipe(Effect.flatMap((rows) => (rows.length > 0 ? Effect.fail(new Conflict({ message: spec.uniqueMessage })) : Effect.void)))

    /**
     * The unique index is the last word when two writes race past checkUnique;
     * any other database failure is a defect (500), never a client error.
     */
    const uniqueAsConflict = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      Effect.catchIf(effect, isSqlError, (error) => (isUniqueViolation(error) ? Effect.fail(new Conflict({ message: spec.uniqueMessage })) : Effect.die(error)))

    // Without a resolver the input is written as validated.
    const resolve = (input: In, selfId?: string): Effect.Effect<Resolved, BadRequest | NotFound> =>
      spec.resolve ? spec.resolve(sql, input, selfId) : Effect.succeed(input as unknown as Resolved)

    const create = (raw: In) =>
      sql
        .withTransaction(
          Effect.gen(function* () {
            const input = yield* resolve(raw)
            yield* checkReferences(input)
            yield* checkUnique(input)
            const [row] = yield* sql<{ id: string }>`INSERT INTO ${sql(spec.table)} ${sql.insert(spec.columns(input))} RETURNING id`
            return yield* getById(row!.id)
          })
        )
        .pipe((effect) => uniqueAsConflict(effect))

    const update = (id: string, raw: In) =>
      sql
        .withTransaction(
          Effect.gen(function* () {
            const current = yield* getById(id)
            const input = yield* resolve(raw, id)
            const refused = spec.guardUpdate?.(current, input)
            if (refused) return yield* Effect.fail(new Conflict({ message: refused }))
            yield* checkReferences(input)
            yield* checkUnique(input, id)
            yield* sql`UPDATE ${sql(spec.table)} SET ${sql.update(spec.columns(input))}, updated_at = now() WHERE id = ${id}`
            return yield* getById(id)
          })
        )
        .pipe((effect) => uniqueAsConflict(effect))

    /** Delete deactivates: history that points at the row keeps its meaning. */
    const remove = (id: string) =>
      sql
        .withTransaction(
          Effect.gen(function* () {
            const current = yield* getById(id)
            yield* sql`UPDATE ${sql(spec.table)} SET is_active = false, updated_at = now() WHERE id = ${id}`
            return { ...current, isActive: false }
          })
        )
        .pipe(Effect.catchTag("SqlError", Effect.die))

    /** The families that have at least one active row (family-scoped masters). */
    const families = sql<{ family_id: string; family_name: string }>`SELECT DISTINCT x.family_id, x.family_name FROM ${view()}
      WHERE x."isActive" ORDER BY x.family_name`

    const afterWrite = <A, E, R>(write: Effect.Effect<A, E, R>) => Effect.tap(write, () => cache.invalidate)

    return {
      list: (familyId?: string) => cache.read(`${spec.table}:list:${familyId ?? ""}`, list(familyId).pipe(Effect.orDie)),
      page: (query: PageQuery) => cache.read(`${spec.table}:page:${JSON.stringify(query)}`, page(query).pipe(Effect.orDie)),
      families: cache.read(`${spec.table}:families`, families.pipe(Effect.orDie)),
      getById: (id: string) => getById(id).pipe(Effect.catchTag("SqlError", Effect.die)),
      create: (input: In) => afterWrite(create(input)),
      update: (id: string, input: In) => afterWrite(update(id, input)),
      remove: (id: string) => afterWrite(remove(id))
    }
  })

export type MasterRepo = Effect.Effect.Success<ReturnType<typeof makeMasterRepo>>
