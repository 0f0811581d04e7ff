import { ParseResult, Schema } from "effect"
import { IntBetween } from "./common.js"
import { Id, Payload } from "./fields.js"
import { Amount, AmountInput, Currency, StoredAmount, amountHundredths, amountsInCurrency, readAmountsIn } from "./money.js"
import { REQUIRED } from "./messages.js"

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

/**
 * A coverage line as answered: the assistance as the seed names it (`id`, `name`, and `section`,
 * the assistance's family) and as Palma did (`assistance_id`, `assistance_name`), with its terms.
 */
export const ProductAssistance = Schema.Struct({
  id: Id,
  name: Schema.String,
  section: Schema.String,
  assistance_id: Id,
  assistance_name: Schema.String,
  ...CoverageTerms.fields
})
export type ProductAssistance = typeof ProductAssistance.Type

/**
 * A coverage line as a client writes it: the assistance by `id` (the seed's word) or by
 * `assistance_id` (Palma's earlier one), amounts as numbers or numeric texts in the line's currency.
 * The rest of what the original client posts back (`name`, `section`) is ignored.
 */
const Events = IntBetween(1, 999, "Los eventos por período deben ser un entero entre 1 y 999")
const Lack = IntBetween(0, 3650, "La carencia debe ser un entero de 0 a 3650 días")

const CoverageWire = Payload({
  id: Schema.optional(Id),
  assistance_id: Schema.optional(Id),
  amount: AmountInput,
  currency: Currency,
  maximum: AmountInput,
  events: Events,
  lack: Schema.optionalWith(Lack, { default: () => 0 })
})

// The decoded line; its checks hold by construction after decoding, and say what the type is.
const CoverageRead = Schema.Struct({
  id: Id,
  amount: Schema.typeSchema(StoredAmount),
  currency: Currency,
  maximum: Schema.typeSchema(StoredAmount),
  events: Schema.typeSchema(Events),
  lack: Schema.typeSchema(Lack)
}).pipe(
  Schema.filter(amountsInCurrency("amount", "maximum")),
  Schema.filter(
    (c) =>
      amountHundredths(c.maximum) <= amountHundredths(c.amount) || {
        path: ["maximum"],
        message: "El máximo por evento no puede superar el monto del período"
      }
  )
)

/** One assistance of a product with its coverage; amounts read in the line's currency. */
export const ProductAssistanceInput = Schema.transformOrFail(CoverageWire, CoverageRead, {
  strict: true,
  decode: (wire, _, ast) => {
    const id = wire.id ?? wire.assistance_id
    if (id === undefined) return ParseResult.fail(new ParseResult.Pointer("id", wire, new ParseResult.Type(ast, undefined, REQUIRED)))
    return ParseResult.map(readAmountsIn(wire, ["amount", "maximum"], ast), (amounts) => ({
      id,
      ...amounts,
      currency: wire.currency,
      events: wire.events,
      lack: wire.lack
    }))
  },
  encode: ParseResult.succeed
})
export type ProductAssistanceInput = typeof ProductAssistanceInput.Type
