import { Schema } from "effect"
import { Product, ProductAssistance, ProductPlan } from "@palma/core/domain"
import { fromNumeric } from "./amounts.js"

/** Money as the SQL reads it: `numeric` as its exact text (see sql/PgTypes.ts), also inside JSON. */
const Numeric = Schema.String

/** A coverage line as the product's JSON column carries it. */
const CoverageRow = Schema.Struct({ ...ProductAssistance.fields, amount: Numeric, maximum: Numeric })

/** A product as the SQL reads it (see selectsSql.ts): money as numeric text, coverage as JSON. */
export const ProductRow = Schema.Struct({
  ...Product.fields,
  cost: Numeric,
  dynamiccharge: Numeric,
  minInsuredCompanyPrice: Numeric,
  assistances: Schema.Array(CoverageRow)
})
export type ProductRow = typeof ProductRow.Type

/** A plan as the SQL reads it (see selectsSql.ts); prices are in the product's currency. */
export const PlanRow = Schema.Struct({ ...ProductPlan.fields, customerPrice: Numeric, companyPrice: Numeric, yearlyPrice: Numeric })
export type PlanRow = typeof PlanRow.Type

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

export const toPlan = (row: PlanRow): ProductPlan => ({
  ...row,
  customerPrice: fromNumeric(row.currency, row.customerPrice),
  companyPrice: fromNumeric(row.currency, row.companyPrice),
  yearlyPrice: fromNumeric(row.currency, row.yearlyPrice)
})
