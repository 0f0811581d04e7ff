import { Schema } from "effect"
import { Id, Payload } from "./fields.js"
import { Amount, Currency } from "./money.js"

/** A product priced for one channel; `agent_id` is the retail, prices are in the product's currency. */
export const ProductPlan = Schema.Struct({
  id: Id,
  product_id: Id,
  product_name: Schema.String,
  agent_id: Id,
  agent_name: Schema.String,
  currency: Currency,
  customerPrice: Amount,
  companyPrice: Amount,
  yearlyPrice: Amount,
  isActive: Schema.Boolean
})
export type ProductPlan = typeof ProductPlan.Type

/** The server checks the prices against the product's currency, which the payload does not carry. */
export const ProductPlanInput = Payload({
  product_id: Id,
  agent_id: Id,
  customerPrice: Amount,
  companyPrice: Amount,
  yearlyPrice: Amount
}).pipe(
  Schema.filter((p) => {
    const kind = typeof p.customerPrice
    return (typeof p.companyPrice === kind && typeof p.yearlyPrice === kind) || "Los precios del plan deben estar en la misma moneda"
  })
)
export type ProductPlanInput = typeof ProductPlanInput.Type
