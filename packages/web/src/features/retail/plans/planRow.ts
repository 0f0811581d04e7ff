import type { Amount, Currency, PricedProduct } from "@palma/core"

/** One plan of a channel as its section lists it; `id` is the plan's (productPlan_id). */
export interface PlanRow {
  readonly id: string
  readonly product_id: string
  readonly product_name: string
  readonly currency: Currency
  readonly customerPrice: Amount
  readonly companyPrice: Amount
  readonly yearlyPrice: Amount
}

export const planRowOf = (p: PricedProduct): PlanRow => ({
  id: p.productPlan_id,
  product_id: p.id,
  product_name: p.name,
  currency: p.currency,
  customerPrice: p.customerPrice,
  companyPrice: p.companyPrice,
  yearlyPrice: p.yearlyPrice
})
