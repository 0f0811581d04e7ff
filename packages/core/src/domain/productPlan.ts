import { Schema } from "effect"
import { Id, Payload } from "./fields.js"
import { Amount, Currency, StoredAmount } from "./money.js"
import { Product } from "./product.js"

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

/**
 * `POST /product/assignPrices`, field names verbatim from the original API: prices the product
 * `id` for the channel `agent_id` (creates its plan, or updates it). The server checks the prices
 * against the product's currency, which the payload does not carry.
 */
const priceFields = ["customerprice", "companyprice", "yearlyprice"] as const

export const ProductPlanInput = Payload({
  id: Id,
  agent_id: Id,
  customerprice: StoredAmount,
  companyprice: StoredAmount,
  yearlyprice: StoredAmount
}).pipe(
  // Reported on every price: which one is "wrong" is the product's currency's call, on the server.
  Schema.filter((p) =>
    typeof p.companyprice === typeof p.customerprice && typeof p.yearlyprice === typeof p.customerprice
      ? true
      : priceFields.map((field) => ({ path: [field], message: "Los precios del plan deben estar en la misma moneda" }))
  )
)
export type ProductPlanInput = typeof ProductPlanInput.Type

/** A product as one channel sells it: the product with that channel's plan and prices. */
export const PricedProduct = Schema.Struct({
  ...Product.fields,
  productPlan_id: Id,
  agent_id: Id,
  agent_name: Schema.String,
  customerPrice: Amount,
  companyPrice: Amount,
  yearlyPrice: Amount
})
export type PricedProduct = typeof PricedProduct.Type
