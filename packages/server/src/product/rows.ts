import type { Currency, Frequency, PricedProduct, Product, ProductPlan, Term } from "@palma/core"
import { fromNumeric } from "./amounts.js"

/** A product as the SQL reads it: money as numeric text, coverage as JSON. */
export interface ProductRow {
  readonly id: string
  readonly family_id: string
  readonly family_name: string
  readonly name: string
  readonly cost: string
  readonly isSubject: boolean
  readonly frequency: Frequency
  readonly term: Term
  readonly beneficiaries: number
  readonly currency: Currency
  readonly dueDay: number
  readonly minInsuredCompanyPrice: string
  readonly title: string
  readonly subTitle: string
  readonly description: string
  readonly territorialScope: string
  readonly hiringConditions: string
  readonly isActive: boolean
  readonly assistances: ReadonlyArray<{
    readonly assistance_id: string
    readonly assistance_name: string
    readonly amount: string
    readonly currency: Currency
    readonly maximum: string
    readonly events: number
    readonly lack: number
  }>
}

export const toProduct = (row: ProductRow): Product => ({
  ...row,
  cost: fromNumeric(row.currency, row.cost),
  minInsuredCompanyPrice: fromNumeric(row.currency, row.minInsuredCompanyPrice),
  assistances: row.assistances.map((a) => ({
    ...a,
    amount: fromNumeric(a.currency, a.amount),
    maximum: fromNumeric(a.currency, a.maximum)
  }))
})

/** A plan as the SQL reads it; prices are in the product's currency. */
export interface PlanRow {
  readonly id: string
  readonly product_id: string
  readonly product_name: string
  readonly agent_id: string
  readonly agent_name: string
  readonly currency: Currency
  readonly customerPrice: string
  readonly companyPrice: string
  readonly yearlyPrice: string
  readonly isActive: boolean
}

export const toPlan = (row: PlanRow): ProductPlan => ({
  ...row,
  customerPrice: fromNumeric(row.currency, row.customerPrice),
  companyPrice: fromNumeric(row.currency, row.companyPrice),
  yearlyPrice: fromNumeric(row.currency, row.yearlyPrice)
})

/** The product as the plan's channel sells it. */
export const toPriced = (product: Product, plan: ProductPlan): PricedProduct => ({
  ...product,
  productPlan_id: plan.id,
  agent_id: plan.agent_id,
  agent_name: plan.agent_name,
  customerPrice: plan.customerPrice,
  companyPrice: plan.companyPrice,
  yearlyPrice: plan.yearlyPrice
})
