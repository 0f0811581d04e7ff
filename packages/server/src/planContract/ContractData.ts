import { Context, Effect, Layer } from "effect"
import { type ContractData, NotFound } from "@palma/core"
import { PlanRepo } from "../product/PlanRepo.js"
import { ProductRepo } from "../product/ProductRepo.js"

/** What a plan's contract is made from: the plan (channel, prices) and its product with coverage. */
const make = Effect.gen(function* () {
  const plans = yield* PlanRepo
  const products = yield* ProductRepo
  return {
    of: (planId: string): Effect.Effect<ContractData, NotFound> =>
      Effect.gen(function* () {
        const plan = yield* plans.byId(planId)
        const [product] = yield* products.byIds([plan.product_id])
        if (!product) return yield* Effect.fail(new NotFound({ message: "No se encontró el producto del plan" }))
        return { plan, product }
      })
  }
})

export class ContractSource extends Context.Tag("palma/ContractSource")<ContractSource, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(ContractSource, make)
}
