import { fromPromise } from "xstate"
import type { Call } from "../client/caller.js"
import { ifMatch, type Versioned, versioned } from "../client/versions.js"
import type { RetailDetail, RetailInput } from "../domain/retail.js"
import { recordMachine, type RecordWrite } from "./record.js"

const isNotFound = (error: unknown) => typeof error === "object" && error !== null && "status" in error && error.status === 404

/** The retail page's calls: read one, look a RUT up (null when free), upsert by RUT. */
export const retailActors = (call: Call) => ({
  load: fromPromise<Versioned<RetailDetail>, string>(({ input }) => call((c) => versioned(c.retail.getById({ path: { id: input }, withResponse: true })))),
  // A retail found by its RUT comes with its version, which the page that opens it sends (If-Match).
  find: fromPromise<Versioned<RetailDetail> | null, string>(({ input }) =>
    call((c) => versioned(c.retail.getByRut({ path: { rut: input as RetailDetail["rut"] }, withResponse: true }))).catch((error: unknown) => {
      if (isNotFound(error)) return null
      throw error
    })
  ),
  // The record machine hands over the pending input it got in SAVE (a RetailInput). A retail
  // already saved is edited by id with the version the page holds, so a lost update is a 412.
  save: fromPromise<Versioned<RetailDetail>, RecordWrite>(async ({ input }) => {
    const payload = input.input as RetailInput
    const { id, version } = input
    if (id !== null) return call((c) => versioned(ifMatch(version)(c.retail.update({ path: { id }, payload, withResponse: true }))))
    // The upsert by RUT answers no version: the new retail is read again for it.
    const created = await call((c) => c.retail.create({ payload }))
    return call((c) => versioned(c.retail.getById({ path: { id: created.id }, withResponse: true })))
  })
})

/**
 * One retail's page: load it (or start a new one) and save it (an upsert by RUT). A new retail's
 * RUT is looked up before anything is written: if a retail has it, the machine emits `exists`
 * and the page opens that retail instead of overwriting it unseen. Its actors call the API
 * through `call`; tests swap them with `.provide`.
 */
export const retailMachine = (call: Call) =>
  recordMachine<RetailDetail, RetailInput>({ id: "retail", draftOf: () => null, edit: (draft) => draft, keyOf: (input) => input.rut }).provide({
    actors: retailActors(call)
  })
