import { Schema } from "effect"
import { OptionalText, Payload } from "./fields.js"
import { Clp } from "./money.js"

/** A discount through I-MED (electronic medical bonus), in pesos. */
export const Imed = Schema.Struct({ amount: Clp, description: Schema.String })
export type Imed = typeof Imed.Type

export const ImedInput = Payload({
  amount: Clp,
  description: Schema.optionalWith(OptionalText(500), { default: () => "" })
})
export type ImedInput = typeof ImedInput.Type
