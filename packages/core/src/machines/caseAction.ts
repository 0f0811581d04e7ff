import type { AssignmentKind } from "../domain/caseFacts.js"
import type { CaseView } from "../domain/caseView.js"
import { assignmentKindOf, type CaseStep } from "./caseStage.js"

/** A record picked from a list, as the case shows it. */
export interface Picked {
  readonly id: string
  readonly name: string
}

/** When the specialist or partner is expected: a day (YYYY-MM-DD) and an hour (HH:MM), each optional. */
export interface Visit {
  readonly scheduled_date: string | null
  readonly scheduled_time: string | null
}

/** The steps whose dialog asks for more than a yes or a description. */
const fieldSteps = ["chooseProcedure", "assignProvider", "schedule", "qualify", "requestRefund"] as const

/** The steps that only ask for a yes, or for a description (`note`: closing, reopening). */
export type PlainStep = Exclude<CaseStep, (typeof fieldSteps)[number]>

export const isPlainStep = (step: CaseStep): step is PlainStep => !(fieldSteps as ReadonlyArray<CaseStep>).includes(step)

/** One step taken on a case page, with what the person entered for it. */
export type CaseAction =
  | { readonly step: PlainStep; readonly note: string }
  | { readonly step: "chooseProcedure"; readonly procedure: Picked }
  | { readonly step: "assignProvider"; readonly kind: AssignmentKind; readonly provider: Picked; readonly specialty: Picked | null; readonly visit: Visit }
  | { readonly step: "schedule"; readonly visit: Visit }
  | { readonly step: "qualify"; readonly qualification: Picked; readonly comment: string }
  /** `kind` "refund" asks for a reimbursement, "imed" for an IMED discount; `amount` in pesos. */
  | { readonly step: "requestRefund"; readonly kind: "refund" | "imed"; readonly amount: number; readonly comment: string }

const withRefundedAll = (amounts: { readonly required: number | null; readonly refunded: number | null }) =>
  amounts.required !== null && amounts.refunded === null ? { ...amounts, refunded: amounts.required } : amounts

type Assignment = NonNullable<CaseView["specialist"]> | NonNullable<CaseView["alliance"]>
type AssignmentPatch = Partial<
  Pick<Assignment, "confirmed" | "completed" | "cancel" | "scheduled_date" | "scheduled_time" | "qualification_id" | "qualification_name" | "comment">
>

const fresh = { confirmed: false, completed: false, cancel: false, qualification_id: null, qualification_name: null, comment: "" }

/** The case with someone sent: a new assignment, at the event's comuna for a specialist. */
const assigned = (view: CaseView, action: Extract<CaseAction, { step: "assignProvider" }>): CaseView => {
  const specialty = { specialty_id: action.specialty?.id ?? null, specialty_name: action.specialty?.name ?? null }
  const visit = { ...action.visit, ...specialty, ...fresh }
  return action.kind === "specialist"
    ? {
        ...view,
        specialist: {
          specialist_id: action.provider.id,
          specialist_name: action.provider.name,
          district_id: view.event?.district_id ?? null,
          district_name: null,
          ...visit
        }
      }
    : {
        ...view,
        alliance: {
          partner_id: action.provider.id,
          partner_name: action.provider.name,
          partner_address: "",
          partner_district: null,
          partner_email: null,
          partner_phone: null,
          ...visit
        }
      }
}

/**
 * The whole case document to post for a step (the seed's upsert takes the case as read, changed
 * where the step changes it): the server turns the difference into the step's events. Paying a
 * refund records what was asked for as paid back, unless an amount paid was already recorded.
 */
export const documentAfter = (view: CaseView, action: CaseAction): CaseView => {
  const assignment = (patch: AssignmentPatch): CaseView => {
    const kind = assignmentKindOf(view)
    if (kind === "specialist" && view.specialist !== null) return { ...view, specialist: { ...view.specialist, ...patch } }
    if (kind === "alliance" && view.alliance !== null) return { ...view, alliance: { ...view.alliance, ...patch } }
    return view
  }
  const refund = (status: "Aprobado" | "Rechazado" | "Reembolsado") =>
    view.refund === null
      ? view
      : {
          ...view,
          refund:
            status === "Reembolsado"
              ? { ...view.refund, status, amount: withRefundedAll(view.refund.amount), imed: withRefundedAll(view.refund.imed) }
              : { ...view.refund, status }
        }
  switch (action.step) {
    case "close":
      return { ...view, status: { isClosed: true, description: action.note.trim() } }
    case "reopen":
      return { ...view, status: { isClosed: false, description: action.note.trim() } }
    case "chooseProcedure":
      return { ...view, procedure_id: action.procedure.id }
    case "assignProvider":
      return assigned(view, action)
    case "schedule":
      return assignment(action.visit)
    case "qualify":
      return assignment({ qualification_id: action.qualification.id, qualification_name: action.qualification.name, comment: action.comment.trim() })
    case "requestRefund": {
      const asked = { required: action.amount, refunded: null }
      const none = { required: null, refunded: null }
      return {
        ...view,
        refund: {
          amount: action.kind === "refund" ? asked : none,
          imed: action.kind === "imed" ? asked : none,
          status: "Pendiente",
          comment: action.comment.trim()
        }
      }
    }
    case "approveRefund":
      return refund("Aprobado")
    case "rejectRefund":
      return refund("Rechazado")
    case "payRefund":
      return refund("Reembolsado")
    case "confirmAssignment":
      return assignment({ confirmed: true })
    case "completeAssignment":
      return assignment({ completed: true })
    case "cancelAssignment":
      return assignment({ cancel: true })
  }
}
