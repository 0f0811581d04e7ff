import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { NotFound, PalmaApi, type Product, type ProductPlan } from "@palma/core"
import { ContractCache } from "../planContract/ContractCache.js"
import { ContractSource } from "../planContract/ContractData.js"
import { PlanRepo } from "./PlanRepo.js"
import { ProductRepo } from "./ProductRepo.js"
import { listedPlans, toOffered, toPriced, toProductOfPlan } from "./rows.js"

/** The `product` group of the contract: products, their plans per channel and contracts. */
export const ProductLive = HttpApiBuilder.group(PalmaApi, "product", (handlers) =>
  Effect.gen(function* () {
    const products = yield* ProductRepo
    const plans = yield* PlanRepo
    const contracts = yield* ContractCache
    const source = yield* ContractSource

    /** Each plan with its product, in the plans' order. */
    const priced = (list: ReadonlyArray<ProductPlan>) =>
      Effect.map(products.byIds([...new Set(list.map((p) => p.product_id))]), (found) => {
        const byId = new Map(found.map((p) => [p.id, p]))
        return list.flatMap((plan) => {
          const product = byId.get(plan.product_id)
          return product ? [toPriced(product, plan)] : []
        })
      })
    /** Each product with the channel's plan of it, if any. */
    const offered = <E>(agentId: string, list: Effect.Effect<ReadonlyArray<Product>, E>) =>
      Effect.map(Effect.all([list, plans.ofAgent(agentId)]), ([all, sold]) =>
        all.map((product) =>
          toOffered(
            product,
            agentId,
            sold.find((plan) => plan.product_id === product.id)
          )
        )
      )
    const pricedOne = (plan: ProductPlan) =>
      Effect.flatMap(priced([plan]), ([one]) => (one ? Effect.succeed(one) : Effect.fail(new NotFound({ message: "No se encontró el producto" }))))

    return handlers
      .handle("create", ({ payload }) => products.create(payload))
      .handle("update", ({ path, payload }) => products.update(path.id, payload))
      .handle("delete", ({ path }) => products.remove(path.id))
      .handle("getAll", () =>
        Effect.map(Effect.all([products.all, plans.active]), ([all, active]) =>
          all.map((product) => ({ ...product, product_plans: active.filter((plan) => plan.product_id === product.id).flatMap(listedPlans) }))
        )
      )
      .handle("getById", ({ path }) => products.getById(path.id))
      .handle("getFamilies", () => products.families)
      .handle("list", ({ path }) => offered(path.agent_id, products.all))
      .handle("getByFamilyId", ({ path }) =>
        offered(
          path.agent_id,
          Effect.map(products.all, (all) => all.filter((p) => p.family_id === path.family_id))
        )
      )
      .handle("getByIdWithPrices", ({ path }) => Effect.flatMap(plans.forProductAndAgent(path.id, path.agent_id), pricedOne))
      .handle("getByProductPlanId", ({ path }) => Effect.flatMap(plans.byId(path.id), pricedOne).pipe(Effect.map(toProductOfPlan)))
      .handle("getByRetailRut", ({ path }) => plans.byRetailRut(path.rut))
      .handle("assignPrices", ({ payload }) => plans.assign(payload))
      .handle("deletePlan", ({ path }) => plans.remove(path.id))
      .handle("getContract", ({ path }) => contracts.base64Of(path.productPlan_id))
      .handle("getContractData", ({ path }) => source.of(path.productPlan_id))
  })
)

/** Everything the group needs, over the SQL client. */
export const ProductServices = ContractCache.layer.pipe(
  Layer.provideMerge(ContractSource.layer),
  Layer.provideMerge(Layer.mergeAll(ProductRepo.layer, PlanRepo.layer))
)
