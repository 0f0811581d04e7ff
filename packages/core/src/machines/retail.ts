import { fromPromise } from "xstate"
import type { Call } from "../client/caller.js"
import type { Retail, RetailInput } from "../domain/retail.js"
import { recordMachine, type RecordWrite } from "./record.js"

const isNotFound = (error: unknown) => typeof error === "object" && error !== null && "status" in error && error.status === 404

/** The retail page's calls: read one, look a RUT up (null when free), upsert by RUT. */
export const retailActors = (call: Call) => ({
  load: fromPromise<Retail, string>(({ input }) => call((c) => c.retail.getById({ path: { id: input } }))),
  find: fromPromise<Retail | null, string>(({ input }) =>
    call((c) => c.retail.getByRut({ path: { rut: input as Retail["rut"] } })).catch((error: unknown) => {
      if (isNotFound(error)) return null
      throw error
    })
  ),
  // The record machine hands over the pending input it got in SAVE (a RetailInput). A retail
  // already saved is edited by id, so the client's If-Match guards it against a lost update.
  save: fromPromise<Retail, RecordWrite>(({ input }) => {
    const payload = input.input as RetailInput
    const { id } = input
    return call((c) => (id === null ? c.retail.create({ payload }) : c.retail.update({ path: { id }, payload })))
  })
})

/**
 * One retail's page: load it (or start a new one) and save it (an upsert by RUT). A new retail's
 * RUT is looked up before anything is written: if a retail has it, the machine emits `exists`
 * and the page opens that retail instead of overwriting it unseen. Its actors call the API
 * through `call`; tests swap them with `.provide`.
 */
export const retailMachine = (call: Call) =>
  recordMachine<Retail, RetailInput>({ id: "retail", draftOf: () => null, edit: (draft) => draft, keyOf: (input) => input.rut }).provide({
    actors: retailActors(call)
  })
