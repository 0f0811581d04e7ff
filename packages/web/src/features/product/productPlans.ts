import { formatAmount, type ListedProduct } from "@palma/core"

export interface PlanOption {
  readonly value: string
  readonly label: string
  /** The retail's name, for the contract's title. */
  readonly retail: string
}

/**
 * The retail plans that sell the product, from its `product_plans` (one entry per price type;
 * the customer price stands for the plan): "Banco Uno · $12.990".
 */
export const plansOf = (product: ListedProduct): ReadonlyArray<PlanOption> =>
  product.product_plans
    .filter((plan) => plan.type === "customer")
    .map((plan) => ({ value: plan.id, label: `${plan.agent_name} · ${formatAmount(plan.amount)}`, retail: plan.agent_name }))
    .sort((a, b) => a.retail.localeCompare(b.retail, "es"))
