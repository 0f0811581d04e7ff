import type { AssignmentKind } from "../domain/caseFacts.js"
import type { CaseView } from "../domain/caseView.js"
import type { CaseAction, Picked } from "./caseAction.js"
import { assignmentOf, type CaseStep } from "./caseStage.js"

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
  /** Pesos as typed: digits, maybe with the thousands' dots. */
  readonly amount: string
}

export type StepErrors = Partial<Record<keyof StepFields, string>>

const blank: StepFields = {
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
  if (step === "schedule" && sent !== null) return { ...blank, scheduled_date: sent.scheduled_date ?? "", scheduled_time: sent.scheduled_time ?? "" }
  if (step === "qualify" && sent !== null) {
    const qualification = sent.qualification_id === null ? null : { id: sent.qualification_id, name: sent.qualification_name ?? "" }
    return { ...blank, qualification, comment: sent.comment }
  }
  return blank
}

/** Who a case's procedure sends (by its code), or what money it asks for. */
export const assignmentKindFor = (procedure: string | null): AssignmentKind => (procedure === "alliance" ? "alliance" : "specialist")
const refundKindFor = (procedure: string | null) => (procedure === "imed" ? "imed" : "refund")

const visitErrors = (fields: StepFields, view: CaseView): StepErrors => {
  if (fields.scheduled_time !== "" && fields.scheduled_date === "") return { scheduled_date: "Indique el día de la visita" }
  if (fields.scheduled_date !== "" && view.event !== null && fields.scheduled_date < view.event.date) {
    return { scheduled_date: "La visita no puede ser antes del evento" }
  }
  return {}
}
const visitOf = (fields: StepFields) => ({
  scheduled_date: fields.scheduled_date === "" ? null : fields.scheduled_date,
  scheduled_time: fields.scheduled_time === "" ? null : fields.scheduled_time
})

/** Pesos typed the Chilean way ("45.000" or "45000"); null when it is not a whole amount. */
export const pesosOf = (typed: string): number | null => {
  const digits = typed.trim().replace(/\./g, "")
  return /^\d{1,12}$/.test(digits) ? Number(digits) : null
}

/**
 * The step's action from what was entered, or what is missing or wrong, in Spanish, by field.
 * `procedure` is the code of the case's procedure (what to send or ask for).
 */
export const stepActionOf = (
  step: CaseStep,
  fields: StepFields,
  view: CaseView,
  procedure: string | null
): { readonly action: CaseAction } | { readonly errors: StepErrors } => {
  switch (step) {
    case "close":
    case "reopen":
      return fields.note.trim() === "" ? { errors: { note: "Escriba una descripción" } } : { action: { step, note: fields.note } }
    case "chooseProcedure":
      return fields.procedure === null ? { errors: { procedure: "Elija un procedimiento" } } : { action: { step, procedure: fields.procedure } }
    case "assignProvider": {
      const kind = assignmentKindFor(procedure)
      const errors: StepErrors = {
        ...(fields.provider === null ? { provider: kind === "specialist" ? "Elija un especialista" : "Elija una alianza" } : {}),
        ...visitErrors(fields, view)
      }
      if (fields.provider === null || Object.keys(errors).length > 0) return { errors }
      return { action: { step, kind, provider: fields.provider, specialty: fields.specialty, visit: visitOf(fields) } }
    }
    case "schedule": {
      const errors = visitErrors(fields, view)
      return Object.keys(errors).length > 0 ? { errors } : { action: { step, visit: visitOf(fields) } }
    }
    case "qualify":
      return fields.qualification === null
        ? { errors: { qualification: "Elija una calificación" } }
        : { action: { step, qualification: fields.qualification, comment: fields.comment } }
    case "requestRefund": {
      const amount = pesosOf(fields.amount)
      return amount === null || amount === 0
        ? { errors: { amount: "Indique un monto en pesos mayor que cero" } }
        : { action: { step, kind: refundKindFor(procedure), amount, comment: fields.comment } }
    }
    default:
      return { action: { step, note: fields.note } }
  }
}
