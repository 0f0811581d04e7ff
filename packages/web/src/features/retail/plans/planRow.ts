import type { Amount, Currency, RetailProduct } from "@palma/core"

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
