import { SqlClient, SqlSchema } from "@effect/sql"
import { Context, Effect, Layer, Schema } from "effect"
import { Currency, Frequency, type RetailProduct, type RetailWithPlans, Rut } from "@palma/core/domain"
import { fromNumeric } from "../product/amounts.js"
import { PlanRow, toPlan } from "../product/rows.js"
import { planSelect } from "../product/selectsSql.js"

/** A plan of the retail with its product, as the SQL reads it (prices as numeric text). */
const SoldRow = Schema.Struct({
  product_id: Schema.String,
  name: Schema.String,
  productplan_id: Schema.String,
  currency: Currency,
  frequency: Frequency,
  customerPrice: Schema.String,
  companyPrice: Schema.String,
  yearlyPrice: Schema.String
})

/** A plan as a retail's `products` list it (`getById`); no policies are kept yet, so none is live. */
const toRetailProduct = (row: typeof SoldRow.Type): RetailProduct => ({
  id: row.product_id,
  product_id: row.product_id,
  name: row.name,
  productplan_id: row.productplan_id,
  currency: row.currency,
  frequency: row.frequency,
  price: fromNumeric(row.currency, row.customerPrice),
  companyPrice: fromNumeric(row.currency, row.companyPrice),
  yearlyPrice: fromNumeric(row.currency, row.yearlyPrice),
  subscriptions: 0
})

/** An active retail with the plans it sells. */
const WithPlansRow = Schema.Struct({ id: Schema.String, rut: Rut.DottedRut, name: Schema.String, plans: Schema.Array(PlanRow) })

const toWithPlans = ({ id, rut, name, plans }: typeof WithPlansRow.Type): RetailWithPlans => {
  const sold = plans.map(toPlan)
  return { id, rut, name, products: sold.map((plan) => ({ id: plan.product_id, name: plan.product_name, productplan_id: plan.id })), plans: sold }
}

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** What one retail sells: its active plans of active products. */
  const productsOf = SqlSchema.findAll({
    Request: Schema.String,
    Result: SoldRow,
    execute: (retailId) => sql`SELECT p.id AS product_id, p.name, pp.id AS productplan_id, p.currency, p.frequency,
        pp.customer_price::text AS "customerPrice", pp.company_price::text AS "companyPrice", pp.yearly_price::text AS "yearlyPrice"
      FROM product_plan pp JOIN product p ON p.id = pp.product_id
      WHERE pp.retail_id = ${retailId} AND pp.is_active AND p.is_active
      ORDER BY p.name, pp.id`
  })

  /** Active retails, each with the plans it sells. */
  const withPlans = SqlSchema.findAll({
    Request: Schema.Void,
    Result: WithPlansRow,
    execute: () => sql`SELECT r.id, r.rut, r.name,
        (SELECT COALESCE(json_agg(to_json(pl) ORDER BY pl.product_name, pl.id), '[]'::json) FROM (${planSelect(sql)}) pl
          WHERE pl.agent_id = r.id AND pl.sold) AS plans
      FROM retail r WHERE r.is_active ORDER BY r.name, r.rut`
  })

  return {
    productsOf: (retailId: string) =>
      productsOf(retailId).pipe(
        Effect.map((rows) => rows.map(toRetailProduct)),
        Effect.orDie
      ),
    withPlans: withPlans().pipe(
      Effect.map((rows) => rows.map(toWithPlans)),
      Effect.orDie
    )
  }
})

/** Retails and the plans they sell (product name and prices), from the catalog's tables. */
export class RetailPlansRepo extends Context.Tag("palma/RetailPlansRepo")<RetailPlansRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(RetailPlansRepo, make)
}
