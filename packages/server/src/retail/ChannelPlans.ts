import { SqlClient } from "@effect/sql"
import { Context, Effect, Layer } from "effect"
import type { RetailWithPlans } from "@palma/core"
import { type PlanRow, toPlan } from "../product/rows.js"
import { RetailRepo } from "./RetailRepo.js"

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
    ORDER BY p.name, pp.id`.pipe(Effect.map((rows) => rows.map(toPlan)), Effect.orDie)

  /** Active channels, each with the plans it sells. */
  const channelsWithPlans: Effect.Effect<ReadonlyArray<RetailWithPlans>> = Effect.gen(function* () {
    const [channels, plans] = yield* Effect.all([retail.getAll, activePlans])
    return channels.map((channel) => ({ ...channel, plans: plans.filter((plan) => plan.agent_id === channel.id) }))
  })

  return { channelsWithPlans }
})

/** Channels and the plans they sell (product name and prices), from the catalog's tables. */
export class ChannelPlans extends Context.Tag("palma/ChannelPlans")<ChannelPlans, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ChannelPlans, make)
}
