import type { CaseView } from "../domain/caseView.js"
import type { CaseStep } from "./caseStage.js"

/** One step taken on a case page; `note` is the description closing or reopening asks for. */
export interface CaseAction {
  readonly step: CaseStep
  readonly note: string
}

const withRefundedAll = (amounts: { readonly required: number | null; readonly refunded: number | null }) =>
  amounts.required !== null && amounts.refunded === null ? { ...amounts, refunded: amounts.required } : amounts

/**
 * The whole case document to post for a step (the seed's upsert takes the case as read, changed
 * where the step changes it): the server turns the difference into the step's events. Paying a
 * refund records what was asked for as paid back, unless an amount paid was already recorded.
 */
export const documentAfter = (view: CaseView, action: CaseAction): CaseView => {
  const note = action.note.trim()
  const assignment = (patch: { confirmed?: boolean; completed?: boolean; cancel?: boolean }) =>
    view.specialist !== null
      ? { ...view, specialist: { ...view.specialist, ...patch } }
      : view.alliance !== null
        ? { ...view, alliance: { ...view.alliance, ...patch } }
        : view
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
      return { ...view, status: { isClosed: true, description: note } }
    case "reopen":
      return { ...view, status: { isClosed: false, description: note } }
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
