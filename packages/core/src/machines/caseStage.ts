import type { AssignmentKind } from "../domain/caseFacts.js"
import type { CaseView } from "../domain/caseView.js"
import type { Role } from "../domain/role.js"

/** What a person may do to a case from its page (each one a confirmed upsert). */
export type CaseStep =
  | "close"
  | "reopen"
  | "chooseProcedure"
  | "assignProvider"
  | "schedule"
  | "confirmAssignment"
  | "completeAssignment"
  | "qualify"
  | "cancelAssignment"
  | "requestRefund"
  | "approveRefund"
  | "rejectRefund"
  | "payRefund"

export interface CaseStepOption {
  readonly step: CaseStep
  /** Null when the role may take the step; else why not, in Spanish, to show beside it. */
  readonly refusal: string | null
}

/** The parts of a case its next steps depend on. */
export type CaseStepFacts = Pick<CaseView, "status" | "refund" | "specialist" | "alliance" | "procedure_id">

const supervises = (role: Role | null) => role === "moderator" || role === "admin"

const onlySupervisors = {
  reopen: "Solo un moderador o un administrador puede reabrir un caso",
  refund: "Solo un moderador o un administrador puede aprobar, rechazar o pagar un reembolso"
}

/**
 * Which of the case's specialist and partner is the one in play: the one not cancelled, else
 * (both cancelled or one sent) the specialist before the partner; null when nobody was sent.
 */
export const assignmentKindOf = (facts: CaseStepFacts): AssignmentKind | null => {
  if (facts.specialist !== null && !facts.specialist.cancel) return "specialist"
  if (facts.alliance !== null && !facts.alliance.cancel) return "alliance"
  return facts.specialist !== null ? "specialist" : facts.alliance !== null ? "alliance" : null
}

/** The specialist or partner in play (see `assignmentKindOf`). */
export const assignmentOf = (facts: CaseStepFacts) => {
  const kind = assignmentKindOf(facts)
  return kind === "specialist" ? facts.specialist : kind === "alliance" ? facts.alliance : null
}

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
  const sent = assignmentOf(facts)
  if (sent === null || sent.cancel) return []
  if (sent.completed) return ["qualify"]
  // The server completes only a confirmed visit.
  return ["schedule", sent.confirmed ? "completeAssignment" : "confirmAssignment", "cancelAssignment"]
}

/** What the case's procedure (by code: specialist, alliance, refund, imed) lets start when nothing is under way. */
const procedureSteps = (facts: CaseStepFacts, procedure: string | null): ReadonlyArray<CaseStep> => {
  // Changing the procedure is safe while nobody sent stands (cancelled ones don't) and no money was asked for.
  const sent = assignmentOf(facts)
  if ((sent !== null && !sent.cancel) || facts.refund !== null) return []
  const start: ReadonlyArray<CaseStep> =
    procedure === "specialist" || procedure === "alliance" ? ["assignProvider"] : procedure === "refund" || procedure === "imed" ? ["requestRefund"] : []
  return [...start, "chooseProcedure"]
}

/**
 * What can happen next to a case, for a role, mirroring the server's rules (issue 12, DESIGN §3):
 * a closed case only reopens, and only by a moderator or an admin. An open one closes; while
 * nothing is under way its procedure is chosen (or changed) and started: a specialist or partner
 * sent (`procedure` is the code of the case's procedure, null when it has none), or a refund or
 * IMED discount asked for. The one sent is scheduled, confirmed, then completed (or cancelled at
 * any point), and rated once done. The refund moves Pendiente → Aprobado | Rechazado → (Aprobado) Reembolsado (a
 * supervisor's move). Steps a role may not take are kept, with the reason, so the page can say
 * why instead of hiding them silently.
 */
export const caseSteps = (facts: CaseStepFacts, role: Role | null, procedure: string | null): ReadonlyArray<CaseStepOption> => {
  if (role === null) return []
  if (facts.status.isClosed) return [{ step: "reopen", refusal: supervises(role) ? null : onlySupervisors.reopen }]
  return [
    { step: "close", refusal: null },
    ...procedureSteps(facts, facts.procedure_id === null ? null : procedure).map((step) => ({ step, refusal: null })),
    ...assignmentSteps(facts).map((step) => ({ step, refusal: null })),
    ...refundSteps(facts).map((step) => ({ step, refusal: supervises(role) ? null : onlySupervisors.refund }))
  ]
}
