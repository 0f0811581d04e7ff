import { Schema } from "effect"
import { Product } from "./product.js"
import { ProductPlan } from "./productPlan.js"

/** `GET /product/getContract/{productPlan_id}`: the plan's contract, a PDF in base64. */
export const ContractPdf = Schema.Struct({ base64: Schema.String })
export type ContractPdf = typeof ContractPdf.Type

/** What a plan's contract is made from: the plan (channel and prices) and its product with coverage. */
export const ContractData = Schema.Struct({ plan: ProductPlan, product: Product })
export type ContractData = typeof ContractData.Type
