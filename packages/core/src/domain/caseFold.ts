import type { AssignmentKind, CaseAssignment, CaseFacts } from "./caseFacts.js"
import type { CaseChange } from "./caseEvent.js"

/** A case before its first event: nothing known but its number. */
export const emptyCase = (number: number): CaseFacts => ({
  number,
  parties: { type: "I", customer_id: null, retail_id: null, insured_id: null, beneficiary_id: null },
  service: { lead_id: null, product_id: null, productPlan_id: null, assistance_id: null },
  coverageException: null,
  values: [],
  event: null,
  files: [],
  procedure: null,
  specialist: null,
  alliance: null,
  refund: null,
  cost: null,
  status: { isClosed: false, description: "" }
})

const withAssignment = (facts: CaseFacts, kind: AssignmentKind, change: (a: CaseAssignment) => CaseAssignment): CaseFacts => {
  const current = facts[kind]
  // An update to an assignment that was never made is ignored: the writer always assigns first.
  return current === null ? facts : { ...facts, [kind]: change(current) }
}

/** The case after one more event. Pure: the server, the web and the tests replay with it. */
export const applyChange = (facts: CaseFacts, change: CaseChange): CaseFacts => {
  switch (change.type) {
    case "opened":
      return { ...emptyCase(change.payload.number), parties: { ...facts.parties, type: change.payload.type } }
    case "partiesSet":
      return { ...facts, parties: change.payload.parties }
    case "serviceSet":
      return { ...facts, service: change.payload.service }
    case "coverageExceptionSet":
      return { ...facts, coverageException: change.payload.reason }
    case "eventSet":
      return { ...facts, event: change.payload.event }
    case "valuesSet":
      return { ...facts, values: change.payload.values }
    case "filesSet":
      return { ...facts, files: change.payload.files }
    case "procedureSet":
      return { ...facts, procedure: change.payload.procedure }
    case "assigned":
      return { ...facts, [change.payload.kind]: change.payload.assignment }
    case "scheduled": {
      const { scheduled_date, scheduled_time } = change.payload
      return withAssignment(facts, change.payload.kind, (a) => ({ ...a, scheduled_date, scheduled_time }))
    }
    case "confirmed":
      return withAssignment(facts, change.payload.kind, (a) => ({ ...a, confirmed: change.payload.confirmed }))
    case "completed":
      return withAssignment(facts, change.payload.kind, (a) => ({ ...a, completed: change.payload.completed }))
    case "qualified": {
      const { qualification_id, comment } = change.payload
      return withAssignment(facts, change.payload.kind, (a) => ({ ...a, qualification_id, comment }))
    }
    case "cancelled":
      return withAssignment(facts, change.payload.kind, (a) => ({ ...a, cancel: change.payload.cancel }))
    case "refundRequested":
      return { ...facts, refund: change.payload.refund }
    case "refundAmended": {
      const { amount, imed, comment } = change.payload
      return facts.refund === null ? facts : { ...facts, refund: { ...facts.refund, amount, imed, comment } }
    }
    case "refundStatusChanged":
      return facts.refund === null ? facts : { ...facts, refund: { ...facts.refund, status: change.payload.to } }
    case "costSet":
      return { ...facts, cost: change.payload.cost }
    case "closed":
      return { ...facts, status: { isClosed: true, description: change.payload.description } }
    case "reopened":
      return { ...facts, status: { isClosed: false, description: change.payload.description } }
  }
}

/** The case as its changes leave it (the first must be `opened`). */
export const foldCase = (changes: ReadonlyArray<CaseChange>): CaseFacts => changes.reduce(applyChange, emptyCase(0))
