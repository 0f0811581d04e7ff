import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { Currency, Frequency, PlanProduct, ProductPlan, RetailProduct, RetailWithPlans } from "@palma/core"
import { fromNumeric } from "../product/amounts.js"
import { type PlanRow, toPlan } from "../product/rows.js"
import { RetailRepo } from "./RetailRepo.js"

/** A plan of the channel with its product, as the SQL reads it (prices as numeric text). */
interface SoldRow {
  readonly product_id: string
  readonly name: string
  readonly productplan_id: string
  readonly currency: Currency
  readonly frequency: Frequency
  readonly customerPrice: string
  readonly companyPrice: string
  readonly yearlyPrice: string
}

/** A plan as a channel's `products` list it (`getById`); no policies are kept yet, so none is live. */
const toRetailProduct = (row: SoldRow): RetailProduct => ({
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

/** A plan as `getProductsAndRetail` names it. */
const toPlanProduct = (plan: ProductPlan): PlanProduct => ({ id: plan.product_id, name: plan.product_name, productplan_id: plan.id })

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const retail = yield* RetailRepo

  /** Every active plan of an active product at an active channel, read as the catalog reads plans. */
  const activePlans = sql<PlanRow>`SELECT pp.id, pp.product_id, p.name AS product_name,
      pp.retail_id AS agent_id, r.name AS agent_name, p.currency,
      pp.customer_price::text AS "customerPrice", pp.company_price::text AS "companyPrice", pp.yearly_price::text AS "yearlyPrice",
      (pp.is_active AND p.is_active) AS "isActive"
    FROM product_plan pp JOIN product p ON p.id = pp.product_id JOIN retail r ON r.id = pp.retail_id
    WHERE pp.is_active AND p.is_active AND r.is_active
    ORDER BY p.name, pp.id`.pipe(
    Effect.map((rows) => rows.map(toPlan)),
    Effect.orDie
  )

  /** What one channel sells: its active plans of active products. */
  const productsOf = (retailId: string): Effect.Effect<ReadonlyArray<RetailProduct>> =>
    sql<SoldRow>`SELECT p.id AS product_id, p.name, pp.id AS productplan_id, p.currency, p.frequency,
        pp.customer_price::text AS "customerPrice", pp.company_price::text AS "companyPrice", pp.yearly_price::text AS "yearlyPrice"
      FROM product_plan pp JOIN product p ON p.id = pp.product_id
      WHERE pp.retail_id = ${retailId} AND pp.is_active AND p.is_active
      ORDER BY p.name, pp.id`.pipe(
      Effect.map((rows) => rows.map(toRetailProduct)),
      Effect.orDie
    )

  /** Active channels, each with the plans it sells. */
  const channelsWithPlans: Effect.Effect<ReadonlyArray<RetailWithPlans>> = Effect.gen(function* () {
    const [channels, plans] = yield* Effect.all([retail.getAll, activePlans])
    return channels.map(({ id, rut, name }) => {
      const sold = plans.filter((plan) => plan.agent_id === id)
      return { id, rut, name, products: sold.map(toPlanProduct), plans: sold }
    })
  })

  return { productsOf, channelsWithPlans }
})

/** Channels and the plans they sell (product name and prices), from the catalog's tables. */
export class ChannelPlans extends Context.Tag("palma/ChannelPlans")<ChannelPlans, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ChannelPlans, make)
}
