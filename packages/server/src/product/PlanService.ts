import { Context, Effect, Layer, Option } from "effect"
import { companyPriceProblem, type PlanPricesInput, type Product, type ProductPlanInput } from "@palma/core/domain"
import { Invalid, Missing } from "../domain/errors.js"
import { ActiveRows } from "../sql/ActiveRows.js"
import { checkVersion, type Precondition } from "../domain/version.js"
import { rowVersionsOf } from "../sql/rowVersion.js"
import { Transaction } from "../sql/Transaction.js"
import { toAssigned, toPriced, toProductOfPlan, toRetailRutPlan } from "./offers.js"
import { PlanRepo } from "./PlanRepo.js"
import { readPrices } from "./prices.js"
import { ProductRepo } from "./ProductRepo.js"
import { planNotFound } from "../domain/messages.js"

const missingPlan = () => new Missing({ message: planNotFound })

const make = Effect.gen(function* () {
  const plans = yield* PlanRepo
  const products = yield* ProductRepo
  const active = yield* ActiveRows
  const transaction = (yield* Transaction).withTransaction
  const versions = yield* rowVersionsOf("product_plan")

  const checkRetail = (retailId: string) =>
    Effect.flatMap(active.one("retail", retailId), (found) =>
      Option.isSome(found) ? Effect.void : Effect.fail(new Missing({ message: "El canal indicado no existe o está inactivo" }))
    )

  /** The input's prices in the product's currency, the company price no lower than the product's minimum per insured. */
  const pricesFor = (product: Product, input: PlanPricesInput) =>
    Effect.gen(function* () {
      const prices = yield* readPrices(product.currency, input)
      const problem = companyPriceProblem(prices.company, product.minInsuredCompanyPrice)
      if (problem !== undefined) return yield* Effect.fail(new Invalid({ message: problem, issues: [{ path: ["companyprice"], message: problem }] }))
      return prices
    })

  /** Creates the plan of a product for a retail, or updates its prices, read in the product's currency. */
  const assign = (input: ProductPlanInput) =>
    transaction(
      Effect.gen(function* () {
        const product = yield* Effect.flatMap(
          products.findById(input.id),
          Effect.orElseFail(() => new Missing({ message: "El producto indicado no existe o está inactivo" }))
        )
        yield* checkRetail(input.agent_id)
        const prices = yield* pricesFor(product, input)
        const id = yield* plans.upsert(product.id, input.agent_id, prices)
        return toAssigned(yield* Effect.flatMap(plans.findById(id), Effect.orElseFail(missingPlan)))
      })
    )

  /**
   * Reprices the active plan `id` (its product and retail stay), refused with 412 over someone
   * else's change; the product's state does not matter, as for the plan's other reads.
   */
  const update = (id: string, input: PlanPricesInput, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        const { product, plan } = yield* Effect.flatMap(plans.findPricedById(id), Effect.orElseFail(missingPlan))
        if (!plan.isActive) return yield* Effect.fail(missingPlan())
        yield* plans.upsert(product.id, plan.agent_id, yield* pricesFor(product, input))
        return yield* versions.of(id, yield* Effect.flatMap(plans.findById(id), Effect.orElseFail(missingPlan)))
      })
    )

  /** Removing a plan deactivates it: leads and contracts that point at it keep their meaning. */
  const remove = (id: string, precondition?: Precondition) =>
    transaction(
      Effect.gen(function* () {
        yield* checkVersion(versions.lock(id), precondition)
        yield* Effect.flatMap(plans.deactivate(id), Effect.orElseFail(missingPlan))
        return yield* Effect.flatMap(plans.findById(id), Effect.orElseFail(missingPlan))
      })
    )

  /** The product as the retail sells it: the retail must be active, and the plan too. */
  const pricedFor = (productId: string, retailId: string) =>
    Effect.gen(function* () {
      yield* checkRetail(retailId)
      const { product, plan } = yield* Effect.flatMap(
        plans.findPricedFor(productId, retailId),
        Effect.orElseFail(() => new Missing({ message: "El producto no tiene un plan activo en ese canal" }))
      )
      return toPriced(product, plan)
    })

  return {
    assign,
    update,
    remove,
    pricedFor,
    /** Any plan's product, priced by the plan, with the plan's version (the one its writes name). */
    productOf: (planId: string) =>
      versions.read(
        planId,
        Effect.map(Effect.flatMap(plans.findPricedById(planId), Effect.orElseFail(missingPlan)), ({ product, plan }) =>
          toProductOfPlan(toPriced(product, plan))
        )
      ),
    /** The plans of the active retail with that RUT; none for an unknown one. */
    ofRetailRut: (rut: string) => Effect.map(plans.soldByRetailRut(rut), (sold) => sold.map(toRetailRutPlan(rut)))
  }
})

/** A product's plans per retail: prices in the product's currency, active product and retail. */
export class PlanService extends Context.Tag("palma/PlanService")<PlanService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(PlanService, make).pipe(Layer.provide([PlanRepo.layer, ProductRepo.layer, ActiveRows.layer, Transaction.layer]))
}
