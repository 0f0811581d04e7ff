import { Schema } from "effect"
import { Id, Payload, PositiveInt, Name } from "./fields.js"

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

/**
 * The seed creates a stage from its name alone (`POST /stage/create {name}`): without a code the
 * server derives one from the name, and without a number the stage goes last.
 */
export const StageInput = Payload({ name: Name(80), code: Schema.optional(Code), number: Schema.optional(PositiveInt) })
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

/** A stage code derived from a name ("Revisión médica" → "revision_medica"), always a valid `Code`. */
export const codeFromName = (name: string): string => {
  const slug = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
  const lettered = /^[a-z]/.test(slug) ? slug : `etapa_${slug}`
  return lettered.slice(0, 40).replace(/_+$/, "").padEnd(2, "_")
}
