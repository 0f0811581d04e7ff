import { formatClp, formatUf, Frequency, frequencyLabel } from "@palma/core"
import { Schema } from "effect"

/**
 * A computed amount (charged, paid, balance): pesos as a number, UF as a two-decimal text that may
 * be negative (paid ahead), shown es-CL.
 */
export const formatDerived = (amount: number | string): string =>
  typeof amount === "number" ? formatClp(amount) : amount.startsWith("-") ? `-${formatUf(amount.slice(1))}` : formatUf(amount)

/** A product's frequency code as a word ("M" → "Mensual"); an unknown code as given. */
export const frequencyText = (code: string): string => (Schema.is(Frequency)(code) ? frequencyLabel[code] : code)
