import { Schema } from "effect"
import { Id, IsoDate, OptionalText, Payload } from "./fields.js"
import { INVALID_ISO_DATE, tooManyCharacters } from "./messages.js"

/** An answer captured on a case for one of its assistance's values, always text on the wire. */
export const CapturedValue = Schema.Struct({ value_id: Id, value: Schema.String })
export type CapturedValue = typeof CapturedValue.Type

export const CapturedValueInput = Payload({ value_id: Id, value: OptionalText(2000) })
export type CapturedValueInput = typeof CapturedValueInput.Type

const isIsoDate = Schema.is(IsoDate)

/**
 * Why an answer does not fit its value type (D fecha, S texto corto, C texto largo, N número),
 * or undefined when it fits. Blank answers are the caller's decision (required or not).
 */
export const capturedValueProblem = (valueTypeCode: string, value: string): string | undefined => {
  const v = value.trim()
  if (v === "") return undefined
  switch (valueTypeCode) {
    case "D":
      return isIsoDate(v) ? undefined : INVALID_ISO_DATE
    case "N":
      return /^-?\d+([.,]\d+)?$/.test(v) ? undefined : "Debe ser un número"
    case "S":
      return v.length <= 120 ? undefined : tooManyCharacters(120)
    default:
      return undefined
  }
}
