import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core"
import { PlanContractService } from "../planContract/PlanContractService.js"
import { PlanService } from "./PlanService.js"
import { ProductService } from "./ProductService.js"

/** The `product` group of the contract: products, their plans per retail and the plans' contracts. */
export const ProductLive = HttpApiBuilder.group(PalmaApi, "product", (handlers) =>
  Effect.gen(function* () {
    const products = yield* ProductService
    const plans = yield* PlanService
    const contracts = yield* PlanContractService
    return handlers
      .handle("create", ({ payload }) => products.create(payload))
      .handle("update", ({ path, payload }) => products.update(path.id, payload))
      .handle("delete", ({ path }) => products.remove(path.id))
      .handle("getAll", () => products.listed)
      .handle("page", ({ urlParams }) => products.page(urlParams))
      .handle("getById", ({ path }) => products.getById(path.id))
      .handle("getFamilies", () => products.families)
      .handle("list", ({ path }) => products.offered(path.agent_id))
      .handle("getByFamilyId", ({ path }) => products.offeredInFamily(path.agent_id, path.family_id))
      .handle("getByIdWithPrices", ({ path }) => plans.pricedFor(path.id, path.agent_id))
      .handle("getByProductPlanId", ({ path }) => plans.productOf(path.id))
      .handle("getByRetailRut", ({ path }) => plans.ofRetailRut(path.rut))
      .handle("assignPrices", ({ payload }) => plans.assign(payload))
      .handle("deletePlan", ({ path }) => plans.remove(path.id))
      .handle("getContract", ({ path }) => contracts.base64Of(path.productPlan_id))
      .handle("getContractData", ({ path }) => contracts.dataOf(path.productPlan_id))
  })
).pipe(Layer.provide([ProductService.layer, PlanService.layer, PlanContractService.layer]))
