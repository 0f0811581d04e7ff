import type { Amount, Currency, DerivedAmount } from "@palma/core/domain"
import { fromNumeric } from "../product/amounts.js"

/** A `numeric` computed in SQL (text) in its currency: whole pesos as a number, UF as its two-decimal text. */
export const derived = (currency: Currency, text: string): DerivedAmount => (currency === "P" ? Math.round(Number(text)) : Number(text).toFixed(2))

/** A catalog amount (price, coverage) in its currency. */
export const catalog = (currency: Currency, text: string): Amount => fromNumeric(currency, text)
