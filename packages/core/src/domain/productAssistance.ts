import { Schema } from "effect"
import { IntBetween } from "./common.js"
import { Id, Payload } from "./fields.js"
import { Amount, Currency, StoredAmount, amountHundredths, amountsInCurrency } from "./money.js"

/**
 * Coverage of one assistance in a product: `amount` per period, `maximum` per event, `events`
 * per period, `lack` = carencia in days after the policy starts. Amounts are in `currency`.
 */
export const CoverageTerms = Schema.Struct({
  amount: Amount,
  currency: Currency,
  maximum: Amount,
  events: Schema.Number,
  lack: Schema.Number
})
export type CoverageTerms = typeof CoverageTerms.Type

export const ProductAssistance = Schema.Struct({
  assistance_id: Id,
  assistance_name: Schema.String,
  ...CoverageTerms.fields
})
export type ProductAssistance = typeof ProductAssistance.Type

export const ProductAssistanceInput = Payload({
  assistance_id: Id,
  amount: StoredAmount,
  currency: Currency,
  maximum: StoredAmount,
  events: IntBetween(1, 999, "Los eventos por período deben ser un entero entre 1 y 999"),
  lack: Schema.optionalWith(IntBetween(0, 3650, "La carencia debe ser un entero de 0 a 3650 días"), { default: () => 0 })
}).pipe(
  Schema.filter(amountsInCurrency("amount", "maximum")),
  Schema.filter(
    (c) =>
      !(typeof c.amount === typeof c.maximum && amountHundredths(c.maximum) > amountHundredths(c.amount)) || {
        path: ["maximum"],
        message: "El máximo por evento no puede superar el monto del período"
      }
  )
)
export type ProductAssistanceInput = typeof ProductAssistanceInput.Type
