import { type Call, formatAmount, type ProductPlan } from "@palma/core"
import { useEffect, useState } from "react"

export interface PlanOption {
  readonly value: string
  readonly label: string
  /** The channel's name, for the contract's title. */
  readonly channel: string
}

export type ProductPlans =
  | { readonly status: "loading" }
  | { readonly status: "error"; readonly message: string }
  | { readonly status: "ready"; readonly plans: ReadonlyArray<PlanOption> }

const messageOf = (error: unknown) =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
    ? error.message
    : "No se pudieron cargar los planes"

/** "Banco Uno · $12.990": the channel and its customer price. */
const planLabel = (plan: ProductPlan) => `${plan.agent_name} · ${formatAmount(plan.customerPrice)}`

/** The channel plans that sell `productId` (each channel's active plans, from `retail/getProductsAndRetail`). */
export const useProductPlans = (call: Call, productId: string): ProductPlans => {
  const [state, setState] = useState<ProductPlans>({ status: "loading" })
  useEffect(() => {
    let live = true
    call((c) => c.retail.getProductsAndRetail()).then(
      (channels) => {
        const plans = channels
          .flatMap((channel) => channel.plans)
          .filter((plan) => plan.product_id === productId && plan.isActive)
          .sort((a, b) => a.agent_name.localeCompare(b.agent_name, "es"))
          .map((plan) => ({ value: plan.id, label: planLabel(plan), channel: plan.agent_name }))
        if (live) setState({ status: "ready", plans })
      },
      (error: unknown) => live && setState({ status: "error", message: messageOf(error) })
    )
    return () => {
      live = false
    }
  }, [call, productId])
  return state
}
