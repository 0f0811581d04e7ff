import { Schema } from "effect"
import { NumberLike } from "./fields.js"
import { Amount } from "./money.js"
import { BeneficiaryRecord, PersonRecord } from "./personRecord.js"
import { INVALID_SUBSCRIPTION } from "./messages.js"

/**
 * Money computed from the catalog's (charged, paid, balance): pesos as a whole number, UF as a
 * two-decimal text, as catalog amounts are written; a balance may be negative (paid ahead).
 */
export const DerivedAmount = Schema.Union(Schema.Number, Schema.String)
export type DerivedAmount = typeof DerivedAmount.Type

/** A subscription's number, as the original's paths and bodies carry it (also as text). */
export const SubscriptionId = NumberLike.pipe(
  Schema.int({ message: () => INVALID_SUBSCRIPTION }),
  Schema.between(1, 2_147_483_647, { message: () => INVALID_SUBSCRIPTION })
).annotations({ identifier: "SubscriptionId" })

/** The same number as a path segment. */
export const SubscriptionPath = Schema.Struct({
  id: Schema.NumberFromString.annotations({ message: () => INVALID_SUBSCRIPTION }).pipe(
    Schema.int({ message: () => INVALID_SUBSCRIPTION }),
    Schema.between(1, 2_147_483_647, { message: () => INVALID_SUBSCRIPTION })
  )
})

/** A coverage line of the subscribed product. */
export const SubscriptionAssistance = Schema.Struct({
  name: Schema.String,
  amount: Amount,
  currency: Schema.String,
  maximum: Amount,
  events: Schema.Number,
  lack: Schema.Number
})

/** A titular with the cargas they bring to this subscription. */
export const SubscriptionInsured = Schema.Struct({
  ...PersonRecord.fields,
  birthdate: Schema.String,
  incorporation: Schema.String,
  beneficiaries: Schema.Array(Schema.Struct({ ...BeneficiaryRecord.fields, birthdate: Schema.String }))
})

/**
 * `GET /contractor/getSubscriptionById/:id`: the plan, its price and coverage, the policy and who
 * it covers. `createDate` is the purchase, `startDate`/`endDate` the policy's period.
 */
export const SubscriptionDetail = Schema.Struct({
  subscription_id: Schema.Number,
  policy: Schema.String,
  name: Schema.String,
  frequency: Schema.String,
  price: Amount,
  currency_code: Schema.String,
  createDate: Schema.String,
  startDate: Schema.String,
  endDate: Schema.String,
  assistances: Schema.Array(SubscriptionAssistance),
  insured: Schema.Array(SubscriptionInsured)
})
export type SubscriptionDetail = typeof SubscriptionDetail.Type

/** The balance of a subscription, derived from dues due and payments recorded (never stored). */
export const Balance = Schema.Struct({
  fee_value: Amount,
  free_months: Schema.Number,
  fees_charged: Schema.Number,
  charged: DerivedAmount,
  paid: DerivedAmount,
  balance: DerivedAmount
})
export type Balance = typeof Balance.Type

/**
 * One subscription of a customer as `getCustomerById` answers it: where it was sold (`type`
 * "Empresa" for a channel), the product with its coverage, the titular, every carga of the
 * subscription, price, dates and balance.
 */
export const CustomerOrigin = Schema.Struct({
  subscription_id: Schema.Number,
  type: Schema.String,
  name: Schema.String,
  lead_user: Schema.String,
  policy: Schema.String,
  product: Schema.Struct({
    id: Schema.String,
    name: Schema.String,
    assistances: Schema.Array(Schema.Struct({ ...SubscriptionAssistance.fields, number: Schema.Number }))
  }),
  insured: PersonRecord,
  beneficiaries: Schema.Array(BeneficiaryRecord),
  price: Schema.Struct({ value: Amount, frequency: Schema.String }),
  dates: Schema.Struct({ purchase: Schema.String, init: Schema.String, end: Schema.String }),
  balance: Schema.Array(Balance)
})
export type CustomerOrigin = typeof CustomerOrigin.Type

/** `GET /contractor/getCustomerById/:id`: the customer and their subscriptions; the first is the one shown. */
export const CustomerOrigins = Schema.Struct({
  customer: PersonRecord.omit("birthDate"),
  type: Schema.String,
  origins: Schema.Array(CustomerOrigin)
})
export type CustomerOrigins = typeof CustomerOrigins.Type

/** Palma's `GET /insured/subscriptions/:id`: a titular and every subscription that covers them, newest policy first. */
export const InsuredSubscriptions = Schema.Struct({ insured: PersonRecord, subscriptions: Schema.Array(SubscriptionDetail) })
export type InsuredSubscriptions = typeof InsuredSubscriptions.Type
