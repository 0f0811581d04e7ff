import { call } from "../../../lib/api"

/** The retail stops selling the plan (the server deactivates it). */
export const removePlan = async (productPlanId: string): Promise<void> => {
  await call((c) => c.product.deletePlan({ path: { id: productPlanId } }))
}
