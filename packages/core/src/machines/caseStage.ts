import type { CaseView } from "../domain/caseView.js"
import type { Role } from "../domain/role.js"

/** What a person may do to a case from its page (each one a confirmed upsert). */
export type CaseStep = "close" | "reopen" | "approveRefund" | "rejectRefund" | "payRefund" | "confirmAssignment" | "completeAssignment" | "cancelAssignment"

export interface CaseStepOption {
  readonly step: CaseStep
  /** Null when the role may take the step; else why not, in Spanish, to show beside it. */
  readonly refusal: string | null
}

/** The parts of a case its next steps depend on. */
export type CaseStepFacts = Pick<CaseView, "status" | "refund" | "specialist" | "alliance">

const supervises = (role: Role | null) => role === "moderator" || role === "admin"

const onlySupervisors = {
  reopen: "Solo un moderador o un administrador puede reabrir un caso",
  refund: "Solo un moderador o un administrador puede aprobar, rechazar o pagar un reembolso"
}

/** The specialist or partner sent to the case, whichever it has (the procedure has one of them). */
export const assignmentOf = (facts: CaseStepFacts) => facts.specialist ?? facts.alliance

const refundSteps = (facts: CaseStepFacts): ReadonlyArray<CaseStep> => {
  switch (facts.refund?.status) {
    case "Pendiente":
      return ["approveRefund", "rejectRefund"]
    case "Aprobado":
      return ["payRefund"]
    default:
      return []
  }
}

const assignmentSteps = (facts: CaseStepFacts): ReadonlyArray<CaseStep> => {
  const assignment = assignmentOf(facts)
  if (assignment === null || assignment.cancel || assignment.completed) return []
  return [...(assignment.confirmed ? [] : (["confirmAssignment"] as const)), "completeAssignment", "cancelAssignment"]
}

/**
 * What can happen next to a case, for a role, mirroring the server's rules (issue 12, DESIGN §3):
 * a closed case only reopens, and only by a moderator or an admin; an open one closes, moves its
 * refund along Pendiente → Aprobado | Rechazado → (Aprobado) Reembolsado (a supervisor's move), and
 * drives its specialist or partner: confirm, complete, cancel. Steps a role may not take are kept,
 * with the reason, so the page can say why instead of hiding them silently.
 */
export const caseSteps = (facts: CaseStepFacts, role: Role | null): ReadonlyArray<CaseStepOption> => {
  if (role === null) return []
  if (facts.status.isClosed) return [{ step: "reopen", refusal: supervises(role) ? null : onlySupervisors.reopen }]
  return [
    { step: "close", refusal: null },
    ...refundSteps(facts).map((step) => ({ step, refusal: supervises(role) ? null : onlySupervisors.refund })),
    ...assignmentSteps(facts).map((step) => ({ step, refusal: null }))
  ]
}
