import { Schema } from "effect"
import { optionalNull } from "./common.js"
import { Id, IsoDate, Payload } from "./fields.js"
import { Lead } from "./lead.js"
import { Amount, amountHundredths, formatAmount } from "./money.js"
import { CoverageTerms } from "./productAssistance.js"
import { addDays, formatDate } from "./time.js"
import { Value } from "./value.js"

/** What the insured already used of one assistance in the current period, in the coverage's currency. */
export const CoverageUsed = Schema.Struct({ events: Schema.Number, total_amount: Amount })
export type CoverageUsed = typeof CoverageUsed.Type

export const AssistanceCoverage = Schema.Struct({ assistance_id: Id, name: Schema.String, assigned: CoverageTerms })
export type AssistanceCoverage = typeof AssistanceCoverage.Type

/** `POST /case/getServicesAndValues`. */
export const ServicesAndValuesInput = Payload({
  lead_id: Id,
  insured_id: Id,
  beneficiary_id: optionalNull(Id, "Identificador inválido"),
  assistance_id: Schema.optional(Id),
  eventDate: Schema.optional(IsoDate)
})
export type ServicesAndValuesInput = typeof ServicesAndValuesInput.Type

/** The lead's assistances with coverage; for the chosen one, what was used and the values to capture. */
export const ServicesAndValues = Schema.Struct({
  lead: Lead,
  assistances: Schema.Array(AssistanceCoverage),
  assistance: Schema.NullOr(Schema.Struct({ ...AssistanceCoverage.fields, used: CoverageUsed })),
  values: Schema.Array(Value)
})
export type ServicesAndValues = typeof ServicesAndValues.Type

export type CoverageProblem =
  | { readonly code: "lack"; readonly message: string; readonly until: string }
  | { readonly code: "events"; readonly message: string }
  | { readonly code: "amount"; readonly message: string }

/**
 * The plain reasons a new event is not covered (empty when it is). Amounts are compared in the
 * coverage's own currency; converting UF to pesos for display is the caller's, at the event date.
 */
export const coverageProblems = (input: {
  readonly assigned: CoverageTerms
  readonly used: CoverageUsed
  readonly policyStartDate: string
  readonly eventDate: string
}): ReadonlyArray<CoverageProblem> => {
  const { assigned, used } = input
  const problems: Array<CoverageProblem> = []
  const coveredFrom = addDays(input.policyStartDate, assigned.lack)
  if (input.eventDate < coveredFrom) {
    problems.push({ code: "lack", until: coveredFrom, message: `En carencia: cubierto desde el ${formatDate(coveredFrom)}` })
  }
  if (used.events >= assigned.events) {
    problems.push({ code: "events", message: `Sin eventos disponibles: usados ${used.events} de ${assigned.events}` })
  }
  if (typeof used.total_amount === typeof assigned.amount && amountHundredths(used.total_amount) >= amountHundredths(assigned.amount)) {
    problems.push({
      code: "amount",
      message: `Monto agotado: usado ${formatAmount(used.total_amount)} de ${formatAmount(assigned.amount)}`
    })
  }
  return problems
}
