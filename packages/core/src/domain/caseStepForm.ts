import type { AssignmentKind } from "./caseFacts.js"
import { assignmentOf, type CaseStep, lifecycleOf, refusalOf } from "./caseLifecycle.js"
import { type CaseStepInput, commandOfStep } from "./caseStepInput.js"
import type { CaseView } from "./caseView.js"
import { caseFactsOfView } from "./caseViewFacts.js"
import type { Role } from "./role.js"

/** A record picked from a list, as the dialog shows it. */
export interface Picked {
  readonly id: string
  readonly name: string
  /** A procedure's code (what the lifecycle keys on); absent for other records. */
  readonly code?: string
}

/** What a step's dialog lets a person enter, as typed (the same record for every step). */
export interface StepFields {
  readonly note: string
  readonly procedure: Picked | null
  readonly provider: Picked | null
  readonly specialty: Picked | null
  /** YYYY-MM-DD, or "" for no day. */
  readonly scheduled_date: string
  /** HH:MM, or "" for no hour. */
  readonly scheduled_time: string
  readonly qualification: Picked | null
  readonly comment: string
  /** Pesos as typed: digits, maybe with the thousands' dots ("" for a refund's payment: all that was asked for). */
  readonly amount: string
}

export type StepErrors = Partial<Record<keyof StepFields, string>>

/** A step's fields with nothing entered. */
export const blankStepFields: StepFields = {
  note: "",
  procedure: null,
  provider: null,
  specialty: null,
  scheduled_date: "",
  scheduled_time: "",
  qualification: null,
  comment: "",
  amount: ""
}

/** The fields a step's dialog opens with: a new schedule starts from the one set, a new rating from the one given. */
export const stepFieldsFor = (step: CaseStep, view: CaseView): StepFields => {
  const sent = assignmentOf(view)
  if (step === "schedule" && sent !== null) return { ...blankStepFields, scheduled_date: sent.scheduled_date ?? "", scheduled_time: sent.scheduled_time ?? "" }
  if (step === "qualify" && sent !== null) {
    const qualification = sent.qualification_id === null ? null : { id: sent.qualification_id, name: sent.qualification_name ?? "" }
    return { ...blankStepFields, qualification, comment: sent.comment }
  }
  return blankStepFields
}

/** Who a case's procedure sends (by its code). */
export const assignmentKindFor = (procedure: string | null): AssignmentKind => (procedure === "alliance" ? "alliance" : "specialist")

/** Pesos typed the Chilean way ("45.000" or "45000"); null when it is not a whole amount. */
export const pesosOf = (typed: string): number | null => {
  const digits = typed.trim().replace(/\./g, "")
  return /^\d{1,12}$/.test(digits) ? Number(digits) : null
}

const orNull = (typed: string) => (typed === "" ? null : typed)

/** The step as typed, or which field is missing or unreadable. */
const inputOf = (step: CaseStep, fields: StepFields, view: CaseView): { readonly input: CaseStepInput } | { readonly errors: StepErrors } => {
  const visit = { scheduled_date: orNull(fields.scheduled_date), scheduled_time: orNull(fields.scheduled_time) }
  switch (step) {
    case "close":
      return { input: { type: step, description: fields.note.trim() } }
    case "reopen":
      return fields.note.trim() === "" ? { errors: { note: "Escriba el motivo de la reapertura" } } : { input: { type: step, description: fields.note.trim() } }
    case "chooseProcedure":
      return fields.procedure === null ? { errors: { procedure: "Elija un procedimiento" } } : { input: { type: step, procedure_id: fields.procedure.id } }
    case "assignProvider": {
      const kind = assignmentKindFor(view.procedure_code)
      if (fields.provider === null) return { errors: { provider: kind === "specialist" ? "Elija un especialista" : "Elija una alianza" } }
      return { input: { type: step, kind, provider_id: fields.provider.id, specialty_id: fields.specialty?.id ?? null, ...visit } }
    }
    case "schedule":
      return { input: { type: step, ...visit } }
    case "qualify":
      return fields.qualification === null
        ? { errors: { qualification: "Elija una calificación" } }
        : { input: { type: step, qualification_id: fields.qualification.id, comment: fields.comment.trim() } }
    case "requestRefund": {
      // Nothing typed is asking for nothing: the lifecycle says what it needs.
      const amount = fields.amount.trim() === "" ? 0 : pesosOf(fields.amount)
      return amount === null
        ? { errors: { amount: "Escriba el monto en pesos, sin decimales" } }
        : { input: { type: step, amount, comment: fields.comment.trim() } }
    }
    case "payRefund": {
      if (fields.amount.trim() === "") return { input: { type: step, refunded: null } }
      const refunded = pesosOf(fields.amount)
      return refunded === null ? { errors: { amount: "Escriba el monto en pesos, sin decimales" } } : { input: { type: step, refunded } }
    }
    default:
      return { input: { type: step } }
  }
}

/** The field under which the lifecycle's refusal of a step's data is shown. */
const refusalField: Partial<Record<CaseStep, keyof StepFields>> = {
  close: "note",
  reopen: "note",
  assignProvider: "scheduled_date",
  schedule: "scheduled_date",
  requestRefund: "amount",
  payRefund: "amount"
}

/**
 * The step to send from what was entered, or what is missing or wrong, in Spanish, by field. What
 * the case lifecycle would refuse (a visit before the event, a payment over the amount asked) is
 * asked of the lifecycle itself before anything is sent.
 */
export const stepInputOf = (
  step: CaseStep,
  fields: StepFields,
  view: CaseView,
  role: Role
): { readonly input: CaseStepInput } | { readonly errors: StepErrors } => {
  const typed = inputOf(step, fields, view)
  if ("errors" in typed) return typed
  const facts = caseFactsOfView(view)
  const refusal = refusalOf(lifecycleOf(facts), { ...commandOfStep(typed.input, facts, fields.procedure?.code ?? null), role })
  const field = refusalField[step]
  return refusal !== null && field !== undefined ? { errors: { [field]: refusal } } : typed
}
