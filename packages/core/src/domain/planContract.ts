import { Schema } from "effect"
import { Product } from "./product.js"
import { ProductPlan } from "./productPlan.js"

/** `GET /product/getContract/{productPlan_id}`: the plan's contract, a PDF in base64. */
export const ContractPdf = Schema.Struct({ base64: Schema.String })
export type ContractPdf = typeof ContractPdf.Type

/** `GET /product/getContractOperations/{case_id}`: the contract of the case's plan, a PDF in base64, in the original's envelope. */
export const CaseContractPdf = Schema.Struct({ success: Schema.Literal(true), data: Schema.String, error: Schema.Null })
export type CaseContractPdf = typeof CaseContractPdf.Type

/** What a plan's contract is made from: the plan (channel and prices) and its product with coverage. */
export const ContractData = Schema.Struct({ plan: ProductPlan, product: Product })
export type ContractData = typeof ContractData.Type
