import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import { Conflict, type Family, NotFound, type Product, type ProductInput } from "@palma/core"
import { uniqueAs } from "../sql/uniqueViolation.js"
import { toNumeric } from "./amounts.js"
import { type ProductRow, toProduct } from "./rows.js"

const notFound = () => new NotFound({ message: "No se encontró el producto" })
const duplicate = () => new Conflict({ message: "Ya existe un producto activo con ese nombre" })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** Numeric columns are read as text (json would turn them into floats). */
  const select = (where: Statement.Fragment) =>
    sql<ProductRow>`SELECT p.id, p.family_id, f.name AS family_name, p.name,
      p.cost::text AS cost, p.dynamic_charge::text AS dynamiccharge, p.is_subject AS "isSubject", p.frequency, p.term,
      p.beneficiaries, p.currency, p.due_day AS "dueDay", p.min_insured_company_price::text AS "minInsuredCompanyPrice",
      p.title, p.sub_title AS "subTitle", p.alias, p.promotional, p.description,
      p.territorial_scope AS "territorialScope", p.hiring_conditions AS "hiringConditions", p.is_active AS "isActive",
      (SELECT COALESCE(json_agg(json_build_object('id', pa.assistance_id, 'name', a.name, 'section', af.name,
          'assistance_id', pa.assistance_id, 'assistance_name', a.name,
          'amount', pa.amount::text, 'currency', pa.currency, 'maximum', pa.maximum::text, 'events', pa.events, 'lack', pa.lack)
          ORDER BY pa.position), '[]'::json)
        FROM product_assistance pa JOIN assistance a ON a.id = pa.assistance_id JOIN family af ON af.id = a.family_id
        WHERE pa.product_id = p.id) AS assistances
    FROM product p JOIN family f ON f.id = p.family_id
    WHERE ${where}
    ORDER BY p.name, p.id`.pipe(Effect.map((rows) => rows.map(toProduct)))

  const getById = (id: string) =>
    select(sql`p.id = ${id} AND p.is_active`).pipe(Effect.flatMap(([row]) => (row ? Effect.succeed(row) : Effect.fail(notFound()))))

  /** Products by id whatever their state: plans and contracts keep pointing at them. */
  const byIds = (ids: ReadonlyArray<string>) => (ids.length === 0 ? Effect.succeed([] as ReadonlyArray<Product>) : select(sql`p.id IN ${sql.in(ids)}`))

  const checkReferences = (input: ProductInput) =>
    Effect.gen(function* () {
      const family = yield* sql`SELECT 1 FROM family WHERE id = ${input.family_id} AND is_active`
      if (family.length === 0) return yield* Effect.fail(new NotFound({ message: "La familia indicada no existe o está inactiva" }))
      const ids = input.assistances.map((a) => a.id)
      if (ids.length === 0) return
      const found = yield* sql<{ id: string }>`SELECT id FROM assistance WHERE id IN ${sql.in(ids)} AND is_active`
      const missing = ids.find((id) => !found.some((row) => row.id === id))
      if (missing) return yield* Effect.fail(new NotFound({ message: `El servicio ${missing} no existe o está inactivo` }))
    })

  const checkUnique = (input: ProductInput, selfId?: string) =>
    sql`SELECT 1 FROM product WHERE lower(name) = lower(${input.name}) AND is_active AND ${selfId ? sql`id <> ${selfId}` : sql`true`}`.pipe(
      Effect.flatMap((rows) => (rows.length > 0 ? Effect.fail(duplicate()) : Effect.void))
    )

  const columns = (input: ProductInput) => ({
    family_id: input.family_id,
    name: input.name,
    cost: toNumeric(input.cost),
    dynamic_charge: toNumeric(input.dynamiccharge),
    is_subject: input.isSubject,
    frequency: input.frequency,
    term: input.term,
    beneficiaries: input.beneficiaries,
    currency: input.currency,
    due_day: input.dueDay,
    min_insured_company_price: toNumeric(input.minInsuredCompanyPrice),
    title: input.title,
    sub_title: input.subTitle,
    alias: input.alias,
    promotional: input.promotional,
    description: input.description,
    territorial_scope: input.territorialScope,
    hiring_conditions: input.hiringConditions
  })

  const writeCoverage = (id: string, input: ProductInput) =>
    Effect.gen(function* () {
      yield* sql`DELETE FROM product_assistance WHERE product_id = ${id}`
      if (input.assistances.length === 0) return
      yield* sql`INSERT INTO product_assistance ${sql.insert(
        input.assistances.map((a, i) => ({
          product_id: id,
          assistance_id: a.id,
          position: i + 1,
          amount: toNumeric(a.amount),
          currency: a.currency,
          maximum: toNumeric(a.maximum),
          events: a.events,
          lack: a.lack
        }))
      )}`
    })

  const insert = (input: ProductInput) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          yield* checkReferences(input)
          yield* checkUnique(input)
          const [row] = yield* sql<{ id: string }>`INSERT INTO product ${sql.insert(columns(input))} RETURNING id`
          yield* writeCoverage(row!.id, input)
          return yield* getById(row!.id)
        })
      )
      .pipe(uniqueAs(duplicate))

  const update = (id: string, input: ProductInput) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          const current = yield* getById(id)
          if (current.currency !== input.currency) {
            // Plan prices are in the product's currency; changing it would reprice every channel silently.
            const plans = yield* sql`SELECT 1 FROM product_plan WHERE product_id = ${id} AND is_active LIMIT 1`
            if (plans.length > 0) {
              return yield* Effect.fail(new Conflict({ message: "No se puede cambiar la moneda de un producto con planes activos" }))
            }
          }
          yield* checkReferences(input)
          yield* checkUnique(input, id)
          yield* sql`UPDATE product SET ${sql.update(columns(input))}, updated_at = now() WHERE id = ${id}`
          yield* writeCoverage(id, input)
          return yield* getById(id)
        })
      )
      .pipe(uniqueAs(duplicate))

  /** A body with the `id` of a product updates it, as the original's create did. */
  const create = (input: ProductInput) => (input.id ? update(input.id, input) : insert(input))

  /** Delete deactivates: plans, leads and contracts that point at it keep their meaning. */
  const remove = (id: string) =>
    sql
      .withTransaction(
        Effect.gen(function* () {
          const current = yield* getById(id)
          yield* sql`UPDATE product SET is_active = false, updated_at = now() WHERE id = ${id}`
          return { ...current, isActive: false }
        })
      )
      .pipe(Effect.catchTag("SqlError", Effect.die))

  const families = sql<Family>`SELECT f.id, f.name, f.is_active AS "isActive" FROM family f
    WHERE f.is_active AND EXISTS (SELECT 1 FROM product p WHERE p.family_id = f.id AND p.is_active)
    ORDER BY f.name, f.id`

  return {
    all: select(sql`p.is_active`).pipe(Effect.orDie),
    getById: (id: string) => getById(id).pipe(Effect.catchTag("SqlError", Effect.die)),
    byIds: (ids: ReadonlyArray<string>) => byIds(ids).pipe(Effect.orDie),
    families: families.pipe(Effect.orDie),
    create,
    update,
    remove
  }
})

/** Products and their coverage per assistance. */
export class ProductRepo extends Context.Tag("palma/ProductRepo")<ProductRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ProductRepo, make)
}
