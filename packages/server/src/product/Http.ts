import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { PlanContractService } from "../planContract/PlanContractService.js"
import { PlanService } from "./PlanService.js"
import { ProductService } from "./ProductService.js"

/** The `product` group of the contract: products, their plans per retail and the plans' contracts. */
export const ProductLive = HttpApiBuilder.group(PalmaApi, "product", (handlers) =>
  Effect.gen(function* () {
    const products = served(yield* ProductService)
    const plans = served(yield* PlanService)
    const contracts = served(yield* PlanContractService)
    return handlers
      .handle("create", ({ payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => products.create(payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("update", ({ path, payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => products.update(path.id, payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("delete", ({ path }) => Effect.flatMap(ifMatch, (precondition) => products.remove(path.id, precondition)))
      .handle("deleted", ({ urlParams }) => products.deleted(urlParams))
      .handle("restore", ({ path }) => Effect.flatMap(products.restore(path.id), answerVersioned))
      .handle("getAll", () => products.listed)
      .handle("page", ({ urlParams }) => products.page(urlParams))
      .handle("getById", ({ path }) => Effect.flatMap(products.getById(path.id), answerVersioned))
      .handle("getFamilies", () => products.families)
      .handle("list", ({ path }) => products.offered(path.agent_id))
      .handle("getByFamilyId", ({ path }) => products.offeredInFamily(path.agent_id, path.family_id))
      .handle("getByIdWithPrices", ({ path }) => plans.pricedFor(path.id, path.agent_id))
      .handle("getByProductPlanId", ({ path }) => Effect.flatMap(plans.productOf(path.id), answerVersioned))
      .handle("getByRetailRut", ({ path }) => plans.ofRetailRut(path.rut))
      .handle("assignPrices", ({ payload }) => plans.assign(payload))
      .handle("updatePlan", ({ path, payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => plans.update(path.id, payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("deletePlan", ({ path }) => Effect.flatMap(ifMatch, (precondition) => plans.remove(path.id, precondition)))
      .handle("getContract", ({ path }) => contracts.base64Of(path.productPlan_id))
      .handle("getContractOperations", ({ path }) => contracts.ofCase(path.case_id))
      .handle("getContractData", ({ path }) => contracts.dataOf(path.productPlan_id))
  })
).pipe(Layer.provide([ProductService.layer, PlanService.layer, PlanContractService.layer]))
