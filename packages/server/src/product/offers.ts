import {
  type Amount,
  type AssignedPlan,
  type ListedPlan,
  type OfferedProduct,
  type PricedProduct,
  type Product,
  type ProductOfPlan,
  type ProductPlan,
  type RetailRutPlan,
  Rut,
  ufFromHundredths
} from "@palma/core/domain"

/**
 * The product as the plan's retail sells it. The seed's `plan` has one entry per price type,
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

/** A product as a retail is offered it: its plan's prices, or zeros in the product's currency without one. */
export const toOffered = (product: Product, retailId: string, plan: ProductPlan | null): OfferedProduct => {
  const zero: Amount = product.currency === "P" ? 0 : ufFromHundredths(0)
  const price = (amount: Amount | undefined) => ({ id: plan?.id ?? null, price: amount ?? zero })
  return {
    ...product,
    agent_id: retailId,
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

/** The plan, with the `{success, data}` the original's assignPrices answered (each price names the plan). */
export const toAssigned = (plan: ProductPlan): AssignedPlan => ({
  ...plan,
  success: true,
  data: {
    customer: { id: plan.id, price: plan.customerPrice, product_plan_id: plan.id },
    company: { id: plan.id, price: plan.companyPrice, product_plan_id: plan.id },
    yearly: { id: plan.id, price: plan.yearlyPrice, product_plan_id: plan.id }
  }
})

/** A plan as `getByRetailRut` answers it, under the retail's (canonical) RUT. */
export const toRetailRutPlan =
  (rut: string) =>
  (plan: ProductPlan): RetailRutPlan => ({
    rut: Rut.format(rut),
    name: plan.product_name,
    companyprice: plan.companyPrice,
    price: plan.companyPrice,
    currency: plan.currency,
    productplan_id: plan.id,
    product_id: plan.product_id,
    agent_id: plan.agent_id
  })
