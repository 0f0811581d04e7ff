import { Schema } from "effect"
import { Payload } from "./fields.js"
import { INVALID_CASE_NUMBER } from "./messages.js"

/**
 * A check of stored cases against their events (issue 32 §6, `POST /api/case/verify`, `palma
 * cases verify`): each case's events are folded again and compared with what is stored. It only
 * reports; nothing is fixed.
 */

const CaseNumber = Schema.Int.pipe(Schema.between(1, Number.MAX_SAFE_INTEGER)).annotations({ message: () => INVALID_CASE_NUMBER })

/** Some cases by number, or every case (paged through on the server). */
export const CaseVerifyRequest = Schema.Union(
  Payload({ numbers: Schema.NonEmptyArray(CaseNumber).pipe(Schema.maxItems(1000)) }),
  Payload({ all: Schema.Literal(true) })
).annotations({ message: () => "Indique los números de los casos o «all: true»" })
export type CaseVerifyRequest = typeof CaseVerifyRequest.Type

/**
 * What can differ: the events themselves (they do not fold), the stored version (not the last
 * event's), the stored facts (`case_state`), the stage column, or the list row's other columns.
 */
export const casePartsVerified = ["events", "version", "facts", "stage", "row"] as const
export type CasePartVerified = (typeof casePartsVerified)[number]

export const CaseMismatch = Schema.Struct({
  number: Schema.Number,
  parts: Schema.Array(Schema.Literal(...casePartsVerified)),
  /** What differs, for a person: the facts' keys or the row's columns, the stored and the folded stage. */
  details: Schema.Array(Schema.String)
})
export type CaseMismatch = typeof CaseMismatch.Type

export const CaseVerifyReport = Schema.Struct({
  checked: Schema.Number,
  mismatches: Schema.Array(CaseMismatch),
  /** Numbers asked for that name no case. */
  missing: Schema.Array(Schema.Number)
})
export type CaseVerifyReport = typeof CaseVerifyReport.Type
