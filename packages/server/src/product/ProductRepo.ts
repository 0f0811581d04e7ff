import { SqlClient, SqlSchema, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"
import type { PageQuery, Product, ProductInput, ProductPlan } from "@palma/core/domain"
import { duplicateKeyOrDie } from "../sql/duplicateKey.js"
import { familiesWith } from "../sql/familiesWith.js"
import { pagedRows } from "../sql/pagedRows.js"
import { returnedId } from "../sql/returnedId.js"
import { toNumeric } from "./amounts.js"
import { PlanRow, ProductRow, toPlan, toProduct } from "./rows.js"
import { planSelect, productColumns } from "./selectsSql.js"

/** A product with the plans its active retails sell of it. */
const ListedRow = Schema.Struct({ ...ProductRow.fields, plans: Schema.Array(PlanRow) })
/** A product with one retail's plan of it, if that retail sells it. */
const OfferedRow = Schema.Struct({ ...ProductRow.fields, plan: Schema.NullOr(PlanRow) })

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

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const products = (where: Statement.Fragment) => sql`SELECT ${productColumns(sql)} FROM product p JOIN family f ON f.id = p.family_id
    WHERE ${where} ORDER BY p.name, p.id`

  /** An active product. */
  const findById = SqlSchema.findOne({ Request: Schema.String, Result: ProductRow, execute: (id) => products(sql`p.id = ${id} AND p.is_active`) })

  /** Every active product, each with its plans at active retails (by plan id). */
  const listedSelect = sql`SELECT ${productColumns(sql)},
        (SELECT COALESCE(json_agg(to_json(pl) ORDER BY pl.id), '[]'::json) FROM (${planSelect(sql)}) pl WHERE pl.product_id = p.id AND pl.sold) AS plans
      FROM product p JOIN family f ON f.id = p.family_id
      WHERE p.is_active`
  const findAllWithPlans = SqlSchema.findAll({ Request: Schema.Void, Result: ListedRow, execute: () => sql`${listedSelect} ORDER BY p.name, p.id` })

  /** One page of the active products, with their plans, for the web's table. */
  const page = (query: PageQuery) =>
    pagedRows(
      sql,
      ListedRow,
      {
        select: listedSelect,
        sortable: [
          ["name", sql`x.name`],
          ["family_name", sql`x.family_name`],
          ["currency", sql`x.currency`],
          ["frequency", sql`x.frequency`],
          ["term", sql`x.term`],
          ["assistances", sql`json_array_length(x.assistances)`]
        ],
        searchable: [sql`x.name`, sql`x.family_name`, sql`x.title`],
        familyScoped: true
      },
      query
    )

  const withPlans = ({ plans, ...row }: typeof ListedRow.Type) => ({ product: toProduct(row), plans: plans.map(toPlan) })

  /** Every active product (of one family, if given), each with the retail's plan of it where the retail sells it. */
  const findOffered = SqlSchema.findAll({
    Request: Schema.Struct({ retailId: Schema.String, familyId: Schema.NullOr(Schema.String) }),
    Result: OfferedRow,
    execute: ({ retailId, familyId }) => sql`SELECT ${productColumns(sql)}, CASE WHEN pl.id IS NULL THEN NULL ELSE to_json(pl) END AS plan
      FROM product p JOIN family f ON f.id = p.family_id
      LEFT JOIN (${planSelect(sql)}) pl ON pl.product_id = p.id AND pl.agent_id = ${retailId} AND pl.sold
      WHERE p.is_active AND ${familyId === null ? sql`true` : sql`p.family_id = ${familyId}`}
      ORDER BY p.name, p.id`
  })

  /** Whether another active product has this name, ignoring case. */
  const nameTaken = (name: string, exceptId: string | null) =>
    sql`SELECT 1 FROM product WHERE lower(name) = lower(${name}) AND is_active AND ${exceptId === null ? sql`true` : sql`id <> ${exceptId}`}`.pipe(
      Effect.map((rows) => rows.length > 0)
    )

  const hasActivePlans = (id: string) =>
    sql`SELECT 1 FROM product_plan WHERE product_id = ${id} AND is_active LIMIT 1`.pipe(Effect.map((rows) => rows.length > 0))

  const insert = (input: ProductInput) =>
    duplicateKeyOrDie(sql`INSERT INTO product ${sql.insert(columns(input))} RETURNING id`).pipe(Effect.flatMap(returnedId))

  const update = (id: string, input: ProductInput) =>
    duplicateKeyOrDie(sql`UPDATE product SET ${sql.update(columns(input))}, updated_at = now() WHERE id = ${id}`)

  /** The product's coverage lines, replaced by the input's, in its order. */
  const replaceCoverage = (id: string, input: ProductInput) =>
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

  return {
    findById: (id: string): Effect.Effect<Option.Option<Product>> => findById(id).pipe(Effect.map(Option.map(toProduct)), Effect.orDie),
    findAllWithPlans: findAllWithPlans().pipe(
      Effect.map((rows) => rows.map(withPlans)),
      Effect.orDie
    ),
    page: (query: PageQuery) =>
      page(query).pipe(
        Effect.map((found) => ({ ...found, items: found.items.map(withPlans) })),
        Effect.orDie
      ),
    findOffered: (retailId: string, familyId: string | null): Effect.Effect<ReadonlyArray<{ product: Product; plan: ProductPlan | null }>> =>
      findOffered({ retailId, familyId }).pipe(
        Effect.map((rows) => rows.map(({ plan, ...row }) => ({ product: toProduct(row), plan: plan === null ? null : toPlan(plan) }))),
        Effect.orDie
      ),
    families: familiesWith(sql, "product"),
    nameTaken: (name: string, exceptId: string | null) => nameTaken(name, exceptId).pipe(Effect.orDie),
    hasActivePlans: (id: string) => hasActivePlans(id).pipe(Effect.orDie),
    insert,
    update,
    replaceCoverage: (id: string, input: ProductInput) => replaceCoverage(id, input).pipe(Effect.orDie),
    deactivate: (id: string) => sql`UPDATE product SET is_active = false, updated_at = now() WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie)
  }
})

/** Products and their coverage per assistance, in SQL. */
export class ProductRepo extends Context.Tag("palma/ProductRepo")<ProductRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ProductRepo, make)
}
