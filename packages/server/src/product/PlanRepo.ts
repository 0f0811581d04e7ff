import { SqlClient, SqlSchema, type Statement } from "@effect/sql"
import { Context, Effect, Layer, Option, Schema } from "effect"
import type { Amount, Product, ProductPlan } from "@palma/core/domain"
import { returnedId } from "../sql/returnedId.js"
import { toNumeric } from "./amounts.js"
import { PlanRow, ProductRow, toPlan, toProduct } from "./rows.js"
import { planSelect, productColumns } from "./selectsSql.js"

/** A plan with its product, as one row. */
const PricedRow = Schema.Struct({ ...ProductRow.fields, plan: PlanRow })

export interface Prices {
  readonly customer: Amount
  readonly company: Amount
  readonly yearly: Amount
}

export interface PricedPlan {
  readonly product: Product
  readonly plan: ProductPlan
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  const plans = (where: Statement.Fragment) => sql`SELECT pl.* FROM (${planSelect(sql)}) pl WHERE ${where} ORDER BY pl.product_name, pl.id`

  /** Any plan by id, active or not: leads and contracts keep pointing at it. */
  const findById = SqlSchema.findOne({ Request: Schema.String, Result: PlanRow, execute: (id) => plans(sql`pl.id = ${id}`) })

  /** The plans sold by the retail with that (canonical) RUT. */
  const soldByRetailRut = SqlSchema.findAll({
    Request: Schema.String,
    Result: PlanRow,
    execute: (rut) => plans(sql`pl.sold AND pl.agent_id IN (SELECT id FROM retail WHERE rut = ${rut})`)
  })

  const priced = (where: Statement.Fragment) => sql`SELECT ${productColumns(sql)}, to_json(pl) AS plan
    FROM (${planSelect(sql)}) pl JOIN product p ON p.id = pl.product_id JOIN family f ON f.id = p.family_id
    WHERE ${where}`

  /** Any plan by id with its product, whatever their state. */
  const findPricedById = SqlSchema.findOne({ Request: Schema.String, Result: PricedRow, execute: (id) => priced(sql`pl.id = ${id}`) })

  /** The active plan of a product at a retail, with the product. */
  const findPricedFor = SqlSchema.findOne({
    Request: Schema.Struct({ productId: Schema.String, retailId: Schema.String }),
    Result: PricedRow,
    execute: ({ productId, retailId }) => priced(sql`pl.product_id = ${productId} AND pl.agent_id = ${retailId} AND pl."isActive"`)
  })

  /**
   * Creates the active plan of a product at a retail, or sets its prices: the partial unique
   * index makes the second of two racing calls an update.
   */
  const upsert = (productId: string, retailId: string, prices: Prices) =>
    sql`INSERT INTO product_plan ${sql.insert({
      product_id: productId,
      retail_id: retailId,
      customer_price: toNumeric(prices.customer),
      company_price: toNumeric(prices.company),
      yearly_price: toNumeric(prices.yearly)
    })}
      ON CONFLICT (product_id, retail_id) WHERE is_active
      DO UPDATE SET customer_price = EXCLUDED.customer_price, company_price = EXCLUDED.company_price,
        yearly_price = EXCLUDED.yearly_price, updated_at = now()
      RETURNING id`.pipe(Effect.flatMap(returnedId))

  /** Deactivates an active plan; none when there is no active plan with that id. */
  const deactivate = SqlSchema.findOne({
    Request: Schema.String,
    Result: Schema.Struct({ id: Schema.String }),
    execute: (id) => sql`UPDATE product_plan SET is_active = false, updated_at = now() WHERE id = ${id} AND is_active RETURNING id`
  })

  const toPriced = ({ plan, ...row }: typeof PricedRow.Type): PricedPlan => ({ product: toProduct(row), plan: toPlan(plan) })

  return {
    findById: (id: string): Effect.Effect<Option.Option<ProductPlan>> => findById(id).pipe(Effect.map(Option.map(toPlan)), Effect.orDie),
    soldByRetailRut: (rut: string): Effect.Effect<ReadonlyArray<ProductPlan>> =>
      soldByRetailRut(rut).pipe(
        Effect.map((rows) => rows.map(toPlan)),
        Effect.orDie
      ),
    findPricedById: (id: string): Effect.Effect<Option.Option<PricedPlan>> => findPricedById(id).pipe(Effect.map(Option.map(toPriced)), Effect.orDie),
    findPricedFor: (productId: string, retailId: string): Effect.Effect<Option.Option<PricedPlan>> =>
      findPricedFor({ productId, retailId }).pipe(Effect.map(Option.map(toPriced)), Effect.orDie),
    upsert: (productId: string, retailId: string, prices: Prices) => upsert(productId, retailId, prices).pipe(Effect.orDie),
    deactivate: (id: string) => deactivate(id).pipe(Effect.orDie)
  }
})

/** Plans in SQL: a product priced for one retail (`agent_id` on the wire). */
export class PlanRepo extends Context.Tag("palma/PlanRepo")<PlanRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PlanRepo, make)
}
