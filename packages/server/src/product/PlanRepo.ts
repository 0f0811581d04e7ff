import { SqlClient, type Statement } from "@effect/sql"
import { Context, Effect, Either, Layer } from "effect"
import {
  type AssignedPlan,
  BadRequest,
  type FieldIssue,
  NotFound,
  type ProductPlan,
  type ProductPlanInput,
  readAmount,
  type RetailRutPlan,
  Rut
} from "@palma/core"
import { toNumeric } from "./amounts.js"
import { type PlanRow, toPlan } from "./rows.js"

const planNotFound = () => new NotFound({ message: "No se encontró el plan" })
const retailNotFound = () => new NotFound({ message: "El canal indicado no existe o está inactivo" })

const priceFields = ["customerprice", "companyprice", "yearlyprice"] as const

/** The plan, with the `{success, data}` the original's assignPrices answered (each price names the plan). */
const assigned = (plan: ProductPlan): AssignedPlan => ({
  ...plan,
  success: true,
  data: {
    customer: { id: plan.id, price: plan.customerPrice, product_plan_id: plan.id },
    company: { id: plan.id, price: plan.companyPrice, product_plan_id: plan.id },
    yearly: { id: plan.id, price: plan.yearlyPrice, product_plan_id: plan.id }
  }
})

const make = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient

  /** Plans with their product and channel; a plan is active while it and its product are. */
  const select = (where: Statement.Fragment) =>
    sql<PlanRow>`SELECT pp.id, pp.product_id, p.name AS product_name,
      pp.retail_id AS agent_id, r.name AS agent_name, p.currency,
      pp.customer_price::text AS "customerPrice", pp.company_price::text AS "companyPrice", pp.yearly_price::text AS "yearlyPrice",
      (pp.is_active AND p.is_active) AS "isActive"
    FROM product_plan pp JOIN product p ON p.id = pp.product_id JOIN retail r ON r.id = pp.retail_id
    WHERE ${where}
    ORDER BY p.name, pp.id`.pipe(Effect.map((rows) => rows.map(toPlan)))

  const first = <A, E, R>(rows: Effect.Effect<ReadonlyArray<A>, E, R>) =>
    Effect.flatMap(rows, ([row]) => (row ? Effect.succeed(row) : Effect.fail(planNotFound())))

  const checkRetail = (agentId: string) =>
    sql`SELECT 1 FROM retail WHERE id = ${agentId} AND is_active`.pipe(
      Effect.flatMap((rows) => (rows.length === 0 ? Effect.fail(retailNotFound()) : Effect.void))
    )

  /** The active plans a channel sells (active products only). */
  /** A channel's active plans; none for an unknown or inactive channel. */
  const ofAgent = (agentId: string) => select(sql`pp.retail_id = ${agentId} AND pp.is_active AND p.is_active AND r.is_active`)

  const forProductAndAgent = (productId: string, agentId: string) =>
    Effect.zipRight(
      checkRetail(agentId),
      select(sql`pp.product_id = ${productId} AND pp.retail_id = ${agentId} AND pp.is_active AND p.is_active`).pipe(
        Effect.flatMap(([row]) => (row ? Effect.succeed(row) : Effect.fail(new NotFound({ message: "El producto no tiene un plan activo en ese canal" }))))
      )
    )

  /** Every active plan of an active product at an active channel. */
  const active = select(sql`pp.is_active AND p.is_active AND r.is_active`)

  /** The active plans of the active channel with that (canonical) RUT, as `getByRetailRut` answers them. */
  const byRetailRut = (rut: string) =>
    select(sql`r.rut = ${rut} AND r.is_active AND pp.is_active AND p.is_active`).pipe(
      Effect.map((plans) =>
        plans.map((plan): RetailRutPlan => ({
          rut: Rut.format(rut),
          name: plan.product_name,
          companyprice: plan.companyPrice,
          price: plan.companyPrice,
          currency: plan.currency,
          productplan_id: plan.id,
          product_id: plan.product_id,
          agent_id: plan.agent_id
        }))
      )
    )

  /** Any plan by id, active or not: leads and contracts keep pointing at it. */
  const byId = (id: string) => first(select(sql`pp.id = ${id}`))

  /**
   * Creates the plan of a product for a channel, or updates its prices: the partial unique
   * index makes the second call an update even when two calls race.
   */
  const assign = (input: ProductPlanInput) =>
    sql.withTransaction(
      Effect.gen(function* () {
        const [product] = yield* sql<{ currency: "P" | "U" }>`SELECT currency FROM product WHERE id = ${input.id} AND is_active`
        if (!product) return yield* Effect.fail(new NotFound({ message: "El producto indicado no existe o está inactivo" }))
        yield* checkRetail(input.agent_id)
        const read = {
          customerprice: readAmount(product.currency, input.customerprice),
          companyprice: readAmount(product.currency, input.companyprice),
          yearlyprice: readAmount(product.currency, input.yearlyprice)
        }
        const issues: Array<FieldIssue> = priceFields.flatMap((field) =>
          Either.match(read[field], { onLeft: (message) => [{ path: [field], message }], onRight: () => [] })
        )
        if (issues.length > 0) return yield* Effect.fail(new BadRequest({ message: issues[0]!.message, issues }))
        // Every price was read above.
        const { customerprice, companyprice, yearlyprice } = yield* Effect.orDie(Either.all(read))
        const prices = {
          customer_price: toNumeric(customerprice),
          company_price: toNumeric(companyprice),
          yearly_price: toNumeric(yearlyprice)
        }
        const [row] = yield* sql<{ id: string }>`INSERT INTO product_plan ${sql.insert({ product_id: input.id, retail_id: input.agent_id, ...prices })}
          ON CONFLICT (product_id, retail_id) WHERE is_active
          DO UPDATE SET customer_price = EXCLUDED.customer_price, company_price = EXCLUDED.company_price,
            yearly_price = EXCLUDED.yearly_price, updated_at = now()
          RETURNING id`
        return assigned(yield* byId(row!.id))
      })
    )

  /** Removing a plan deactivates it: leads and contracts that point at it keep their meaning. */
  const remove = (id: string) =>
    sql.withTransaction(
      Effect.gen(function* () {
        const plan = yield* first(select(sql`pp.id = ${id} AND pp.is_active`))
        yield* sql`UPDATE product_plan SET is_active = false, updated_at = now() WHERE id = ${id}`
        return { ...plan, isActive: false }
      })
    )

  return {
    remove: (id: string) => remove(id).pipe(Effect.catchTag("SqlError", Effect.die)),
    ofAgent: (agentId: string) => ofAgent(agentId).pipe(Effect.orDie),
    forProductAndAgent: (productId: string, agentId: string) => forProductAndAgent(productId, agentId).pipe(Effect.catchTag("SqlError", Effect.die)),
    byId: (id: string) => byId(id).pipe(Effect.catchTag("SqlError", Effect.die)),
    assign: (input: ProductPlanInput) => assign(input).pipe(Effect.catchTag("SqlError", Effect.die)),
    active: active.pipe(Effect.orDie),
    byRetailRut: (rut: string) => byRetailRut(rut).pipe(Effect.orDie)
  }
})

/** Plans: a product priced for one channel (retail, `agent_id` on the wire). */
export class PlanRepo extends Context.Tag("palma/PlanRepo")<PlanRepo, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PlanRepo, make)
}
