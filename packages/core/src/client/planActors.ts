import { fromPromise } from "xstate"
import type { Call } from "./caller.js"
import { ifMatch, type Versioned, versioned } from "./versions.js"
import type { Amount, Currency } from "../domain/money.js"
import type { ProductOfPlan, ProductPlan, ProductPlanInput } from "../domain/productPlan.js"
import type { RetailProduct } from "../domain/retail.js"
import type { ItemRemoval, ItemWrite, ListResult, ResourceQuery } from "../machines/resource.js"

/** One plan of a retail as its section lists it; `id` is the plan's (productPlan_id). */
export interface PlanRow {
  readonly id: string
  readonly product_id: string
  readonly product_name: string
  readonly currency: Currency
  readonly customerPrice: Amount
  readonly companyPrice: Amount
  readonly yearlyPrice: Amount
}

/** A product the retail sells (its detail's `products`), as a plan row. */
export const planRowOf = (p: RetailProduct): PlanRow => ({
  id: p.productplan_id,
  product_id: p.product_id,
  product_name: p.name,
  currency: p.currency,
  customerPrice: p.price,
  companyPrice: p.companyPrice,
  yearlyPrice: p.yearlyPrice
})

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

/** A plan as `getByProductPlanId` answers it (its product, priced by the plan), as the section lists it. */
const fromProductOfPlan = (product: ProductOfPlan): PlanRow => ({
  id: product.productPlan_id,
  product_id: product.id,
  product_name: product.name,
  currency: product.currency,
  customerPrice: product.customerPrice,
  companyPrice: product.companyPrice,
  yearlyPrice: product.yearlyPrice
})

/** A retail's products (its detail's `products`) as its plans section lists them: by product name. */
export const planList = (products: ReadonlyArray<RetailProduct>): ListResult<PlanRow> => {
  const items = products.map(planRowOf).sort((a, b) => a.product_name.localeCompare(b.product_name, "es"))
  return { items, total: items.length }
}

/**
 * The plans of one retail over core's resource machine: listed from the retail's detail
 * (`GET /retail/getById/{id}`, its `products`: `planList`),
 * added with `POST /product/assignPrices` (it creates the retail's plan of that product), repriced
 * with Palma's `PUT /product/updatePlan/{productPlan_id}` and removed with `DELETE
 * /product/deletePlan/{productPlan_id}`, both sending the plan's version `read` answered (412 when
 * stale); `read` is `getByProductPlanId`, before a dialog shows the plan or after a 412.
 */
export const planActors = (call: Call, retailId: string) => {
  const assign = (input: unknown) => call((c) => c.product.assignPrices({ payload: input as ProductPlanInput })).then(asRow)
  return {
    list: fromPromise<ListResult<PlanRow>, ResourceQuery>(() =>
      call((c) => c.retail.getById({ path: { id: retailId } })).then((retail) => planList(retail.products))
    ),
    create: fromPromise<PlanRow, unknown>(({ input }) => assign(input)),
    update: fromPromise<PlanRow, ItemWrite>(({ input }) => {
      // The dialog sends what assignPrices takes; the plan keeps its product and channel, so only the prices go.
      const { customerprice, companyprice, yearlyprice } = input.input as ProductPlanInput
      return call((c) => ifMatch(input.version)(c.product.updatePlan({ path: { id: input.id }, payload: { customerprice, companyprice, yearlyprice } }))).then(
        asRow
      )
    }),
    remove: fromPromise<PlanRow, ItemRemoval>(async ({ input }) => {
      // The retail stops selling the plan (the server deactivates it).
      await call((c) => ifMatch(input.version)(c.product.deletePlan({ path: { id: input.id } })))
      // The machine reads only the removed id (to clear a selection).
      return { id: input.id } as PlanRow
    }),
    read: fromPromise<Versioned<PlanRow>, string>(({ input }) =>
      call((c) => versioned(c.product.getByProductPlanId({ path: { id: input }, withResponse: true }))).then(({ record, version }) => ({
        record: fromProductOfPlan(record),
        version
      }))
    )
  }
}
