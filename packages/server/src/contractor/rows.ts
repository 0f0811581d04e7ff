import { Schema } from "effect"
import { BeneficiaryRecord, ContractorFields, ContractorKind, Currency, PersonRecord } from "@palma/core/domain"

/** Money as the SQL reads it: `numeric` as its exact text. */
const Numeric = Schema.String

/** A contractor as `getAll` reads it. */
export const ListedRow = Schema.Struct({
  ...ContractorFields.pick("type", "id", "rut", "name", "address", "district", "district_id", "email", "phone").fields,
  quantity: Schema.String
})

export const SubscriptionRow = Schema.Struct({
  subscription_id: Schema.Number,
  product_id: Schema.String,
  product_name: Schema.String,
  createDate: Schema.String
})

/** A subscription's money (see the `lead_balance` view). */
export const PaymentRow = Schema.Struct({
  ...SubscriptionRow.fields,
  currency: Currency,
  frequency: Schema.String,
  insured: Schema.Number,
  fee_value: Numeric,
  fees_charged: Schema.Number,
  charged: Numeric,
  paid_dues: Schema.Number,
  paid: Numeric,
  balance: Numeric
})
export type PaymentRow = typeof PaymentRow.Type

export const CoverageRow = Schema.Struct({
  name: Schema.String,
  number: Schema.Number,
  amount: Numeric,
  currency: Currency,
  maximum: Numeric,
  events: Schema.Number,
  lack: Schema.Number
})

const BeneficiaryJson = BeneficiaryRecord
export const InsuredJson = Schema.Struct({ ...PersonRecord.fields, incorporation: Schema.String, beneficiaries: Schema.Array(BeneficiaryJson) })

/** One subscription with its plan, coverage, policy and people, as one row of JSON columns. */
export const SubscriptionDetailRow = Schema.Struct({
  subscription_id: Schema.Number,
  customer_type: ContractorKind,
  policy: Schema.String,
  retail_name: Schema.String,
  product_id: Schema.String,
  name: Schema.String,
  frequency: Schema.String,
  currency: Currency,
  price: Numeric,
  createDate: Schema.String,
  startDate: Schema.String,
  endDate: Schema.String,
  ...PaymentRow.pick("fee_value", "fees_charged", "charged", "paid", "balance").fields,
  assistances: Schema.Array(CoverageRow),
  insured: Schema.Array(InsuredJson)
})
export type SubscriptionDetailRow = typeof SubscriptionDetailRow.Type
