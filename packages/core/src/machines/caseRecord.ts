import { fromPromise } from "xstate"
import type { Call } from "../client/caller.js"
import type { CaseView } from "../domain/caseView.js"
import { type CaseAction, documentAfter } from "./caseAction.js"
import { recordMachine, type RecordWrite } from "./record.js"

/** A case as its page shows it: the case read (with its version) and its history's authors by id. */
export interface LoadedCase {
  readonly view: CaseView
  /** Staff names by user id; an author the server no longer knows is missing. */
  readonly names: Readonly<Record<string, string>>
}

/**
 * The history's authors' names (`POST /user/getByIds`). The names only decorate the history: if
 * the call fails the case still opens, with the authors unnamed.
 */
const namesOf = async (call: Call, view: CaseView): Promise<LoadedCase> => {
  const ids = [...new Set(view.history.map((h) => h.user).filter((id) => id !== ""))]
  if (ids.length === 0) return { view, names: {} }
  const found = await call((c) => c.user.getByIds({ payload: { ids } })).catch(() => ({ success: false, data: [] }))
  return { view, names: Object.fromEntries(found.data.map((u) => [u.id, `${u.first_name} ${u.last_name}`.trim()])) }
}

/**
 * One case's calls: read it by id (the client keeps its ETag), and take a step as the seed's
 * upsert of the whole document; the client sends the version read as `If-Match`, so a case
 * changed meanwhile answers 412 and nothing is written.
 */
export const caseRecordActors = (call: Call) => ({
  load: fromPromise<LoadedCase, string>(async ({ input: id }) => namesOf(call, await call((c) => c.case.getById({ path: { id } })))),
  // The record machine hands over the SAVE's input (a CaseAction) and the LoadedCase it holds.
  save: fromPromise<LoadedCase, RecordWrite>(async ({ input }) => {
    const held = input.record as LoadedCase
    // `productplan_id` only serves to create a lead; a case read has its lead already.
    const payload = { ...documentAfter(held.view, input.input as CaseAction), productplan_id: null }
    return namesOf(call, await call((c) => c.case.upsert({ payload })))
  })
})

/**
 * A case's page: load it (with its version and its authors' names) and take one step at a time
 * (close, reopen, move the refund, drive the specialist). The outcome is emitted (`saved`,
 * `rejected` with the server's Spanish message: 403, 409, 400, or 412 when someone else changed
 * the case, answered by RELOAD). Tests swap the actors with `.provide`.
 */
export const caseRecordMachine = (call: Call) =>
  recordMachine<LoadedCase, CaseAction>({ id: "caseRecord", draftOf: () => null, edit: (draft) => draft }).provide({
    actors: caseRecordActors(call)
  })
