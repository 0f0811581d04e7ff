import type { Call, ListResult, ProductPlan, ProductPlanInput, ResourceQuery } from "@palma/core"
import { fromPromise } from "xstate"
import type { ResourceActors } from "../../../kit"
import { type PlanRow, planRowOf } from "./planRow"

/** A plan as `assignPrices` answers it, as the section lists it. */
const asRow = (plan: ProductPlan): PlanRow => ({
  id: plan.id,
  product_id: plan.product_id,
  product_name: plan.product_name,
  currency: plan.currency,
  customerPrice: plan.customerPrice,
  companyPrice: plan.companyPrice,
  yearlyPrice: plan.yearlyPrice
})

/**
 * The plans of one retail over core's resource machine: listed from the retail's detail
 * (`GET /retail/getById/{id}`, its `products`),
 * added and repriced with `POST /product/assignPrices` (it creates or updates the retail's plan of
 * that product), removed with `DELETE /product/deletePlan/{productPlan_id}`.
 */
export const planActors = (call: Call, retailId: string): ResourceActors<PlanRow> => {
  const assign = (input: unknown) => call((c) => c.product.assignPrices({ payload: input as ProductPlanInput })).then(asRow)
  return {
    list: fromPromise<ListResult<PlanRow>, ResourceQuery>(() =>
      call((c) => c.retail.getById({ path: { id: retailId } })).then((retail) => {
        const items = retail.products.map(planRowOf).sort((a, b) => a.product_name.localeCompare(b.product_name, "es"))
        return { items, total: items.length }
      })
    ),
    create: fromPromise<PlanRow, unknown>(({ input }) => assign(input)),
    update: fromPromise<PlanRow, { id: string; input: unknown }>(({ input }) => assign(input.input)),
    remove: fromPromise<PlanRow, string>(async ({ input }) => {
      // The retail stops selling the plan (the server deactivates it).
      await call((c) => c.product.deletePlan({ path: { id: input } }))
      // The machine reads only the removed id (to clear a selection).
      return { id: input } as PlanRow
    })
  }
}
