import { formatClp, formatUf } from "@palma/core"

/**
 * A computed amount (charged, paid, balance): pesos as a number, UF as a two-decimal text that may
 * be negative (paid ahead), shown es-CL.
 */
export const formatDerived = (amount: number | string): string =>
  typeof amount === "number" ? formatClp(amount) : amount.startsWith("-") ? `-${formatUf(amount.slice(1))}` : formatUf(amount)
