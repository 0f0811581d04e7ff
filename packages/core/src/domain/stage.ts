import { Schema } from "effect"
import { Id, Payload, PositiveInt, Text } from "./fields.js"

/** A step of a case. Logic keys on `code`, which is stable for seeded stages. */
export const Stage = Schema.Struct({
  id: Id,
  code: Schema.String,
  name: Schema.String,
  number: Schema.Number,
  isActive: Schema.Boolean
})
export type Stage = typeof Stage.Type

export const Code = Schema.Trim.pipe(
  Schema.pattern(/^[a-z][a-z0-9_]{1,39}$/, {
    message: () => "El código debe usar minúsculas, números o _ (2 a 40 caracteres)"
  })
)

export const StageInput = Payload({ code: Code, name: Text(80), number: PositiveInt })
export type StageInput = typeof StageInput.Type

/** Codes of the seeded stages, in order. */
export const seededStageCodes = [
  "applicant",
  "insured",
  "product",
  "event",
  "attachment",
  "specialist",
  "anulled_specialist",
  "alliance",
  "anulled_alliance",
  "refund",
  "imed",
  "close"
] as const
export type SeededStageCode = (typeof seededStageCodes)[number]
