import {
  type Amount,
  type Currency,
  type Frequency,
  type ListedPlan,
  type OfferedProduct,
  type PricedProduct,
  type Product,
  type ProductOfPlan,
  type ProductPlan,
  type Term,
  ufFromHundredths
} from "@palma/core"
import { fromNumeric } from "./amounts.js"

/** A product as the SQL reads it: money as numeric text, coverage as JSON. */
export interface ProductRow {
  readonly id: string
  readonly family_id: string
  readonly family_name: string
  readonly name: string
  readonly cost: string
  readonly dynamiccharge: string
  readonly isSubject: boolean
  readonly frequency: Frequency
  readonly term: Term
  readonly beneficiaries: number
  readonly currency: Currency
  readonly dueDay: number
  readonly minInsuredCompanyPrice: string
  readonly title: string
  readonly subTitle: string
  readonly alias: string
  readonly promotional: string
  readonly description: string
  readonly territorialScope: string
  readonly hiringConditions: string
  readonly isActive: boolean
  readonly assistances: ReadonlyArray<{
    readonly id: string
    readonly name: string
    readonly section: string
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
  dynamiccharge: fromNumeric(row.currency, row.dynamiccharge),
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

/**
 * The product as the plan's channel sells it. The seed's `plan` has one entry per price type,
 * each its own plan row there; Palma keeps the three prices on one plan, so all three name it.
 */
export const toPriced = (product: Product, plan: ProductPlan): PricedProduct => ({
  ...product,
  productPlan_id: plan.id,
  agent_id: plan.agent_id,
  agent_name: plan.agent_name,
  customerPrice: plan.customerPrice,
  companyPrice: plan.companyPrice,
  yearlyPrice: plan.yearlyPrice,
  price: { customer: plan.customerPrice, company: plan.companyPrice },
  plan: {
    customer: { id: plan.id, price: plan.customerPrice },
    company: { id: plan.id, price: plan.companyPrice },
    yearly: { id: plan.id, price: plan.yearlyPrice }
  }
})

/** A product as a channel is offered it: its plan's prices, or zeros in the product's currency without one. */
export const toOffered = (product: Product, agentId: string, plan: ProductPlan | undefined): OfferedProduct => {
  const zero: Amount = product.currency === "P" ? 0 : ufFromHundredths(0)
  const price = (amount: Amount | undefined) => ({ id: plan?.id ?? null, price: amount ?? zero })
  return {
    ...product,
    agent_id: agentId,
    agent_name: plan?.agent_name ?? null,
    productPlan_id: plan?.id ?? null,
    customerPrice: plan?.customerPrice ?? null,
    companyPrice: plan?.companyPrice ?? null,
    yearlyPrice: plan?.yearlyPrice ?? null,
    price: { customer: plan?.customerPrice ?? zero, company: plan?.companyPrice ?? zero },
    plan: { customer: price(plan?.customerPrice), company: price(plan?.companyPrice), yearly: price(plan?.yearlyPrice) }
  }
}

/** `getByProductPlanId`: the seed's `plan` there is the plan itself, its `familyId` the family. */
export const toProductOfPlan = (priced: PricedProduct): ProductOfPlan => ({
  ...priced,
  familyId: priced.family_id,
  plan: { ...priced.plan, id: priced.productPlan_id, agentId: priced.agent_id, price: priced.customerPrice }
})

/** A price as the original's `getAll` wrote it ("$ 4990"); UF says so ("UF 0.50"). */
const priceText = (amount: Amount): string => (typeof amount === "number" ? `$ ${amount}` : `UF ${amount}`)

/** A plan's three prices as `getAll` lists them. */
export const listedPlans = (plan: ProductPlan): ReadonlyArray<ListedPlan> =>
  (
    [
      ["customer", plan.customerPrice],
      ["company", plan.companyPrice],
      ["yearly", plan.yearlyPrice]
    ] as const
  ).map(([type, amount]) => ({ type, id: plan.id, agent_id: plan.agent_id, price: priceText(amount), agent_name: plan.agent_name, amount }))
