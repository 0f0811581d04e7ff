import type { AssignmentKind, CaseAssignment, CaseFacts } from "./caseFacts.js"
import type { CaseChange } from "./caseEvent.js"

/** Deep equality of plain JSON-like values (facts are built from JSON). */
const same = (a: unknown, b: unknown): boolean => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b))

const sorted = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(sorted)
    : value !== null && typeof value === "object"
      ? Object.fromEntries(
          Object.entries(value)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, v]) => [k, sorted(v)])
        )
      : value

const assignmentChanges = (kind: AssignmentKind, current: CaseAssignment | null, desired: CaseAssignment | null): Array<CaseChange> => {
  if (desired === null || same(current, desired)) return []
  if (
    current === null ||
    current.provider_id !== desired.provider_id ||
    current.specialty_id !== desired.specialty_id ||
    current.district_id !== desired.district_id
  ) {
    return [{ type: "assigned", payload: { kind, assignment: desired } }]
  }
  const changes: Array<CaseChange> = []
  if (current.scheduled_date !== desired.scheduled_date || current.scheduled_time !== desired.scheduled_time) {
    changes.push({ type: "scheduled", payload: { kind, scheduled_date: desired.scheduled_date, scheduled_time: desired.scheduled_time } })
  }
  if (current.confirmed !== desired.confirmed) changes.push({ type: "confirmed", payload: { kind, confirmed: desired.confirmed } })
  if (current.completed !== desired.completed) changes.push({ type: "completed", payload: { kind, completed: desired.completed } })
  if (current.qualification_id !== desired.qualification_id || current.comment !== desired.comment) {
    changes.push({ type: "qualified", payload: { kind, qualification_id: desired.qualification_id, comment: desired.comment } })
  }
  if (current.cancel !== desired.cancel) changes.push({ type: "cancelled", payload: { kind, cancel: desired.cancel } })
  return changes
}

/**
 * The events that turn `current` into `desired`, in the order a person would do them; none
 * when they are the same, so posting a case twice adds nothing. A section that is null in
 * `desired` while set in `current` is left as it is (nothing is removed by omission: the writer
 * merges what a document leaves out before asking). Folding the answer over `current` gives
 * `desired` (caseDiff.test.ts checks it for arbitrary cases).
 */
export const changesBetween = (current: CaseFacts, desired: Omit<CaseFacts, "number">): ReadonlyArray<CaseChange> => {
  const changes: Array<CaseChange> = []
  if (!same(current.parties, desired.parties)) changes.push({ type: "partiesSet", payload: { parties: desired.parties } })
  if (!same(current.service, desired.service)) changes.push({ type: "serviceSet", payload: { service: desired.service } })
  if (current.coverageException !== desired.coverageException) changes.push({ type: "coverageExceptionSet", payload: { reason: desired.coverageException } })
  if (!same(current.values, desired.values)) changes.push({ type: "valuesSet", payload: { values: desired.values } })
  if (desired.event !== null && !same(current.event, desired.event)) changes.push({ type: "eventSet", payload: { event: desired.event } })
  if (!same(current.files, desired.files)) changes.push({ type: "filesSet", payload: { files: desired.files } })
  if (desired.procedure !== null && !same(current.procedure, desired.procedure))
    changes.push({ type: "procedureSet", payload: { procedure: desired.procedure } })
  changes.push(...assignmentChanges("specialist", current.specialist, desired.specialist))
  changes.push(...assignmentChanges("alliance", current.alliance, desired.alliance))
  const refund = desired.refund
  if (refund !== null) {
    if (current.refund === null) {
      changes.push({ type: "refundRequested", payload: { refund: { ...refund, status: "Pendiente" } } })
      if (refund.status !== "Pendiente") changes.push({ type: "refundStatusChanged", payload: { from: "Pendiente", to: refund.status } })
    } else {
      if (!same(current.refund.amount, refund.amount) || !same(current.refund.imed, refund.imed) || current.refund.comment !== refund.comment) {
        changes.push({ type: "refundAmended", payload: { amount: refund.amount, imed: refund.imed, comment: refund.comment } })
      }
      if (current.refund.status !== refund.status) changes.push({ type: "refundStatusChanged", payload: { from: current.refund.status, to: refund.status } })
    }
  }
  if (desired.cost !== null && !same(current.cost, desired.cost)) changes.push({ type: "costSet", payload: { cost: desired.cost } })
  const was = current.status
  const now = desired.status
  if (now.isClosed && (!was.isClosed || was.description !== now.description)) changes.push({ type: "closed", payload: { description: now.description } })
  if (!now.isClosed && was.isClosed) changes.push({ type: "reopened", payload: { description: now.description } })
  return changes
}
