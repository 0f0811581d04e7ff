import { Schema } from "effect"
import { optionalNull } from "./common.js"
import { Id, IsoDate, Payload } from "./fields.js"
import { type Amount, Clp, formatClp, ufToClp, type UfRate } from "./money.js"
import { CoverageTerms } from "./productAssistance.js"
import { addDays, formatDate } from "./time.js"
import { UfValue } from "./ufValue.js"
import { INVALID_ISO_DATE, INVALID_ID } from "./messages.js"

/**
 * `POST /case/getServicesAndValues` as the original client posts it (reference §1.5): the six ids
 * of its state, each a uuid, null or blank. `eventDate` is Palma's: the day whose policy, period
 * and UF count (default: today in Chile).
 */
const OptionalId = optionalNull(Id, INVALID_ID)
export const ServicesAndValuesInput = Payload({
  insured_id: OptionalId,
  beneficiary_id: OptionalId,
  retail_id: OptionalId,
  customer_id: OptionalId,
  product_id: OptionalId,
  assistance_id: OptionalId,
  eventDate: optionalNull(IsoDate, INVALID_ISO_DATE)
})
export type ServicesAndValuesInput = typeof ServicesAndValuesInput.Type

/** What this applicant already used of one assistance in the period: cases, and pesos of refunds and IMED discounts not refused. */
export const CoverageUsed = Schema.Struct({ events: Schema.Number, total_amount: Clp })
export type CoverageUsed = typeof CoverageUsed.Type

export const OfferedAssistance = Schema.Struct({ id: Schema.String, name: Schema.String, assigned: CoverageTerms, used: CoverageUsed })
export type OfferedAssistance = typeof OfferedAssistance.Type

/** An offered service as the new case offers it to choose, with how much of it is used. */
export const offeredAssistanceLabel = (a: OfferedAssistance): string => `${a.name} · usados ${a.used.events} de ${a.assigned.events} eventos`

/** A value the operator captures for the case; `value` starts blank. */
export const ValueToCapture = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  value: Schema.String,
  family_id: Schema.NullOr(Schema.String),
  line_order: Schema.Number
})

export const CoverageProblemCode = Schema.Literal("policy", "lack", "events", "amount", "uf")
export type CoverageProblemCode = typeof CoverageProblemCode.Type
export const CoverageProblem = Schema.Struct({ code: CoverageProblemCode, message: Schema.String })
export type CoverageProblem = typeof CoverageProblem.Type

/**
 * Palma's coverage check of the chosen assistance on the event date: the plain reasons it is not
 * covered (empty when it is), the UF used for a coverage written in UF, and the coverage in pesos.
 */
export const CoverageCheck = Schema.Struct({
  problems: Schema.Array(CoverageProblem),
  uf: Schema.NullOr(UfValue),
  assigned_clp: Schema.NullOr(Schema.Struct({ amount: Clp, maximum: Clp }))
})
export type CoverageCheck = typeof CoverageCheck.Type

/** The answer: the original's fields, then Palma's `eventDate` and `coverage` beside them. */
export const ServicesAndValues = Schema.Struct({
  insured_id: Schema.NullOr(Schema.String),
  beneficiary_id: Schema.NullOr(Schema.String),
  retail_id: Schema.NullOr(Schema.String),
  customer_id: Schema.NullOr(Schema.String),
  lead_id: Schema.NullOr(Schema.String),
  product: Schema.NullOr(Schema.Struct({ id: Schema.String, name: Schema.String })),
  assistances: Schema.Array(OfferedAssistance),
  assistance: Schema.NullOr(OfferedAssistance),
  values: Schema.NullOr(Schema.Array(ValueToCapture)),
  eventDate: IsoDate,
  coverage: Schema.NullOr(CoverageCheck)
})
export type ServicesAndValues = typeof ServicesAndValues.Type

/** A coverage amount in pesos: pesos as they are, UF at the given day's rate (none known: null). */
export const amountInClp = (amount: Amount, rate: UfRate | null): Clp | null =>
  typeof amount === "number" ? amount : rate === null ? null : ufToClp(amount, rate)

/** The first day a policy started on `policyStartDate` covers, after `lack` days of carencia. */
export const coveredFrom = (policyStartDate: string, lack: number): string => addDays(policyStartDate, lack)

/**
 * The plain reasons a new event is not covered (empty when it is): no policy in force, carencia
 * not over, no events left in the period, or the period's amount used up. Amounts compare in
 * pesos; `amountClp` is null when a UF coverage has no known UF, and then says so.
 */
export const coverageProblems = (input: {
  readonly assigned: CoverageTerms
  readonly amountClp: Clp | null
  readonly used: CoverageUsed
  /** The policy's start, or null when no policy is in force on the event date. */
  readonly policyStartDate: string | null
  readonly eventDate: string
}): ReadonlyArray<CoverageProblem> => {
  const { assigned, used, amountClp } = input
  const problems: Array<CoverageProblem> = []
  if (input.policyStartDate === null) {
    problems.push({ code: "policy", message: `Sin póliza vigente el ${formatDate(input.eventDate)}` })
  } else {
    const from = coveredFrom(input.policyStartDate, assigned.lack)
    if (input.eventDate < from) problems.push({ code: "lack", message: `En carencia: cubierto desde el ${formatDate(from)}` })
  }
  if (used.events >= assigned.events) {
    problems.push({ code: "events", message: `Sin eventos disponibles: usados ${used.events} de ${assigned.events}` })
  }
  if (amountClp === null) {
    problems.push({ code: "uf", message: `No se conoce el valor de la UF del ${formatDate(input.eventDate)}: no se pudo revisar el monto` })
  } else if (used.total_amount >= amountClp) {
    problems.push({ code: "amount", message: `Monto agotado: usado ${formatClp(used.total_amount)} de ${formatClp(amountClp)}` })
  }
  return problems
}

/**
 * Why a refund of `pesos` goes beyond the coverage (none: it fits): over the per-event maximum,
 * or over what is left of the period's amount after what was `used`. Only warnings: a moderator
 * decides, and may approve less. `rate` is the UF of the event date, for coverage in UF.
 */
export const refundWarnings = (input: {
  readonly assigned: CoverageTerms
  readonly used: CoverageUsed
  readonly rate: UfRate | null
  readonly pesos: Clp
}): ReadonlyArray<string> => {
  const maximum = amountInClp(input.assigned.maximum, input.rate)
  const amount = amountInClp(input.assigned.amount, input.rate)
  if (maximum === null || amount === null) return ["No se conoce el valor de la UF del evento: no se pudo comparar el monto con la cobertura"]
  const left = Math.max(0, amount - input.used.total_amount)
  return [
    ...(input.pesos > maximum ? [`Supera el tope por evento de ${formatClp(maximum)}`] : []),
    ...(input.pesos > left ? [`Supera lo que queda de cobertura en el período: ${formatClp(left)} de ${formatClp(amount)}`] : [])
  ]
}
