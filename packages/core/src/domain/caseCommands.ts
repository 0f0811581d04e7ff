import type { CaseFacts, CaseDraftFacts } from "./caseFacts.js"
import type { CaseCommand } from "./caseCommand.js"
import type { CaseChange } from "./caseEvent.js"
import { changesBetween } from "./caseDiff.js"
import type { RefundStatus } from "./refund.js"

const toggle = (on: boolean, step: "confirmAssignment" | "completeAssignment" | "cancelAssignment"): CaseCommand =>
  on ? { type: step } : { type: "undo", step }

const none = { required: null, refunded: null }

const refundStatusCommand = (to: RefundStatus): CaseCommand => {
  switch (to) {
    case "Aprobado":
      return { type: "approveRefund" }
    case "Rechazado":
      return { type: "rejectRefund" }
    case "Reembolsado":
      return { type: "payRefund", refunded: null }
    // Back to pending is asking again for a refund the case already has: the lifecycle says why not.
    case "Pendiente":
      return { type: "requestRefund", amount: none, imed: none, comment: "" }
  }
}

/** The commands a change asks of the lifecycle. */
const commandsOf = (change: CaseChange): ReadonlyArray<CaseCommand> => {
  switch (change.type) {
    case "opened":
      return [{ type: "open", number: change.payload.number, applicant: change.payload.type }]
    case "partiesSet":
      return [{ type: "setParties", parties: change.payload.parties }]
    case "serviceSet":
      return [{ type: "setService", service: change.payload.service }]
    case "coverageExceptionSet":
      return [{ type: "setCoverageException", reason: change.payload.reason }]
    case "eventSet":
      return [{ type: "setIncident", event: change.payload.event }]
    case "valuesSet":
      return [{ type: "setValues", values: change.payload.values }]
    case "filesSet":
      return [{ type: "setFiles", files: change.payload.files }]
    case "costSet":
      return [{ type: "setCost", cost: change.payload.cost }]
    // `changesBetween` sets a procedure only to a chosen one.
    case "procedureSet":
      return change.payload.procedure === null ? [] : [{ type: "chooseProcedure", procedure: change.payload.procedure }]
    case "assigned": {
      // A document may send someone already confirmed or done: the lifecycle takes each step in turn.
      const { kind, assignment: a } = change.payload
      return [
        {
          type: "assignProvider",
          kind,
          provider_id: a.provider_id,
          specialty_id: a.specialty_id,
          district_id: a.district_id,
          scheduled_date: a.scheduled_date,
          scheduled_time: a.scheduled_time
        },
        ...(a.confirmed ? [toggle(true, "confirmAssignment")] : []),
        ...(a.completed ? [toggle(true, "completeAssignment")] : []),
        ...(a.qualification_id !== null || a.comment !== "" ? [{ type: "qualify" as const, qualification_id: a.qualification_id, comment: a.comment }] : []),
        ...(a.cancel ? [toggle(true, "cancelAssignment")] : [])
      ]
    }
    case "scheduled":
      return [{ type: "schedule", scheduled_date: change.payload.scheduled_date, scheduled_time: change.payload.scheduled_time }]
    case "confirmed":
      return [toggle(change.payload.confirmed, "confirmAssignment")]
    case "completed":
      return [toggle(change.payload.completed, "completeAssignment")]
    case "cancelled":
      return [toggle(change.payload.cancel, "cancelAssignment")]
    case "qualified":
      return [{ type: "qualify", qualification_id: change.payload.qualification_id, comment: change.payload.comment }]
    case "refundRequested": {
      const { amount, imed, comment } = change.payload.refund
      return [{ type: "requestRefund", amount, imed, comment }]
    }
    case "refundAmended":
      return [{ type: "amendRefund", ...change.payload }]
    case "refundStatusChanged":
      return [refundStatusCommand(change.payload.to)]
    case "closed":
      return [{ type: "close", description: change.payload.description }]
    case "reopened":
      return [{ type: "reopen", description: change.payload.description }]
  }
}

/**
 * What a whole document (the seed's `case/upsert`) asks of the lifecycle: its difference from the
 * stored case, as the commands a person would have sent one by one. The lifecycle then decides
 * them as it decides Palma's own steps.
 */
export const commandsBetween = (current: CaseFacts, desired: CaseDraftFacts): ReadonlyArray<CaseCommand> => changesBetween(current, desired).flatMap(commandsOf)
