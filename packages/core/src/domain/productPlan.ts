import { Schema } from "effect"
import { Id, Payload } from "./fields.js"
import { Amount, AmountInput, Currency, formatAmount, ufToHundredths } from "./money.js"
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
 * `id` for the channel `agent_id` (creates its plan, or updates it). Prices may come as numbers
 * or numeric texts: the server reads them in the product's currency, which the body does not
 * carry. What else the original sends (`baseprice`, `discount`, `beneficiary_price`) is ignored.
 */
export const ProductPlanInput = Payload({
  id: Id,
  agent_id: Id,
  customerprice: AmountInput,
  companyprice: AmountInput,
  yearlyprice: AmountInput
})
export type ProductPlanInput = typeof ProductPlanInput.Type

/** Palma's `PUT /product/updatePlan/{id}`: the plan's three prices, in its product's currency (the plan keeps its product and channel). */
export const PlanPricesInput = Payload({
  customerprice: AmountInput,
  companyprice: AmountInput,
  yearlyprice: AmountInput
})
export type PlanPricesInput = typeof PlanPricesInput.Type

/** One of a plan's prices, as the seed names them: `id` is the plan's. */
export const PlanPrice = Schema.Struct({ id: Id, price: Amount })
export type PlanPrice = typeof PlanPrice.Type

/** A plan's three prices by customer type, as the original's `plan` object. */
export const PlanPrices = Schema.Struct({ customer: PlanPrice, company: PlanPrice, yearly: PlanPrice })
export type PlanPrices = typeof PlanPrices.Type

/**
 * A product as one channel sells it: the product with that channel's plan and prices, in Palma's
 * names (`productPlan_id`, `customerPrice`…) and in the seed's (`price`, `plan`).
 */
export const PricedProduct = Schema.Struct({
  ...Product.fields,
  productPlan_id: Id,
  agent_id: Id,
  agent_name: Schema.String,
  customerPrice: Amount,
  companyPrice: Amount,
  yearlyPrice: Amount,
  price: Schema.Struct({ customer: Amount, company: Amount }),
  plan: PlanPrices
})
export type PricedProduct = typeof PricedProduct.Type

/** A channel's price of a product it may not sell: no plan, no id. */
const OfferedPrice = Schema.Struct({ id: Schema.NullOr(Id), price: Amount })

/**
 * `GET /product/list/{agent_id}` and `getByFamilyId`: as the original, EVERY active product, with
 * the channel's prices where it sells it (`productPlan_id` and Palma's prices null, the seed's
 * `price` and `plan` at zero, where it does not). An unknown channel sells nothing.
 */
export const OfferedProduct = Schema.Struct({
  ...Product.fields,
  agent_id: Id,
  /** The channel's name, from its plan of this product (null where it sells none). */
  agent_name: Schema.NullOr(Schema.String),
  productPlan_id: Schema.NullOr(Id),
  customerPrice: Schema.NullOr(Amount),
  companyPrice: Schema.NullOr(Amount),
  yearlyPrice: Schema.NullOr(Amount),
  price: Schema.Struct({ customer: Amount, company: Amount }),
  plan: Schema.Struct({ customer: OfferedPrice, company: OfferedPrice, yearly: OfferedPrice })
})
export type OfferedProduct = typeof OfferedProduct.Type

/**
 * `GET /product/getByProductPlanId/{id}`: the plan's product; the seed also names the family
 * `familyId` there, and its `plan` is the plan itself (`id`, `agentId`, customer `price`).
 */
export const ProductOfPlan = Schema.Struct({
  ...PricedProduct.fields,
  familyId: Id,
  plan: Schema.Struct({ ...PlanPrices.fields, id: Id, agentId: Id, price: Amount })
})
export type ProductOfPlan = typeof ProductOfPlan.Type

/**
 * A plan price in `getAll`: `type` is customer, company or yearly; `price` reads "$ 4990" or
 * "UF 0.50" as the original wrote it. Palma adds the channel's name and the price as an amount.
 */
export const ListedPlan = Schema.Struct({
  type: Schema.Literal("customer", "company", "yearly"),
  id: Id,
  agent_id: Id,
  price: Schema.String,
  agent_name: Schema.String,
  amount: Amount
})
export type ListedPlan = typeof ListedPlan.Type

/** A product as `getAll` lists it: the product and its channels' prices. */
export const ListedProduct = Schema.Struct({ ...Product.fields, product_plans: Schema.Array(ListedPlan) })
export type ListedProduct = typeof ListedProduct.Type

/** `POST /product/assignPrices` answers the plan and, as the original did, `{success, data}` with its prices. */
export const AssignedPlan = Schema.Struct({
  ...ProductPlan.fields,
  success: Schema.Literal(true),
  data: Schema.Struct({
    customer: Schema.Struct({ id: Id, price: Amount, product_plan_id: Id }),
    company: Schema.Struct({ id: Id, price: Amount, product_plan_id: Id }),
    yearly: Schema.Struct({ id: Id, price: Amount, product_plan_id: Id })
  })
})
export type AssignedPlan = typeof AssignedPlan.Type

/**
 * `GET /product/getByRetailRut/{rut}`: the plans of the channel with that RUT (answered
 * "12.345.678-5"). `companyprice` is the original's field; `price` the one its client reads.
 */
export const RetailRutPlan = Schema.Struct({
  rut: Schema.String,
  name: Schema.String,
  companyprice: Amount,
  price: Amount,
  currency: Currency,
  productplan_id: Id,
  product_id: Id,
  agent_id: Id
})
export type RetailRutPlan = typeof RetailRutPlan.Type

/** An amount in hundredths of its currency (pesos are whole, UF has two decimals), to compare two of one currency. */
const hundredths = (amount: Amount): number => (typeof amount === "number" ? Math.round(amount * 100) : ufToHundredths(amount))

/**
 * Why a plan's company price cannot be, or undefined: it is never below the product's minimum
 * company price per insured (both in the product's currency).
 */
export const companyPriceProblem = (companyPrice: Amount, minInsuredCompanyPrice: Amount): string | undefined =>
  hundredths(companyPrice) < hundredths(minInsuredCompanyPrice)
    ? `El precio empresa no puede ser menor que el mínimo por asegurado del producto (${formatAmount(minInsuredCompanyPrice)})`
    : undefined
