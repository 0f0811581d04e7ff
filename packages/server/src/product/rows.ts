import { Schema } from "effect"
import { Currency, Frequency, type Product, type ProductPlan, Term } from "@palma/core"
import { fromNumeric } from "./amounts.js"

/** Money as the SQL reads it: `numeric` as its exact text (see sql/PgTypes.ts), also inside JSON. */
const Numeric = Schema.String

/** A coverage line as the product's JSON column carries it. */
const CoverageRow = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  section: Schema.String,
  assistance_id: Schema.String,
  assistance_name: Schema.String,
  amount: Numeric,
  currency: Currency,
  maximum: Numeric,
  events: Schema.Number,
  lack: Schema.Number
})

/** A product as the SQL reads it (see selects.ts): money as numeric text, coverage as JSON. */
export const ProductRow = Schema.Struct({
  id: Schema.String,
  family_id: Schema.String,
  family_name: Schema.String,
  name: Schema.String,
  cost: Numeric,
  dynamiccharge: Numeric,
  isSubject: Schema.Boolean,
  frequency: Frequency,
  term: Term,
  beneficiaries: Schema.Number,
  currency: Currency,
  dueDay: Schema.Number,
  minInsuredCompanyPrice: Numeric,
  title: Schema.String,
  subTitle: Schema.String,
  alias: Schema.String,
  promotional: Schema.String,
  description: Schema.String,
  territorialScope: Schema.String,
  hiringConditions: Schema.String,
  isActive: Schema.Boolean,
  assistances: Schema.Array(CoverageRow)
})
export type ProductRow = typeof ProductRow.Type

/** A plan as the SQL reads it (see selects.ts); prices are in the product's currency. */
export const PlanRow = Schema.Struct({
  id: Schema.String,
  product_id: Schema.String,
  product_name: Schema.String,
  agent_id: Schema.String,
  agent_name: Schema.String,
  currency: Currency,
  customerPrice: Numeric,
  companyPrice: Numeric,
  yearlyPrice: Numeric,
  isActive: Schema.Boolean
})
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
