import { Schema } from "effect"
import { IsoDate, Payload, Text } from "./fields.js"

/** Coverage period of a lead; both dates included. */
export const Policy = Schema.Struct({ number: Schema.String, startDate: IsoDate, endDate: IsoDate })
export type Policy = typeof Policy.Type

export const PolicyInput = Payload({ number: Text(40), startDate: IsoDate, endDate: IsoDate }).pipe(
  Schema.filter((p) => p.endDate >= p.startDate || { path: ["endDate"], message: "La fecha de término no puede ser anterior a la de inicio" })
)
export type PolicyInput = typeof PolicyInput.Type

/** Whether the policy covers a "YYYY-MM-DD" date (ISO dates compare as strings). */
export const isPolicyValidOn = (policy: Policy, date: string): boolean => policy.startDate <= date && date <= policy.endDate
