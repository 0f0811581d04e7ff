import type { Call, Retail, RetailInput } from "@palma/core"
import { fromPromise } from "xstate"

const isNotFound = (error: unknown) => typeof error === "object" && error !== null && "status" in error && error.status === 404

/** The retail machine's calls: read one, look a RUT up (null when free), upsert by RUT. */
export const retailActors = (call: Call) => ({
  load: fromPromise<Retail, string>(({ input }) => call((c) => c.retail.getById({ path: { id: input } }))),
  findByRut: fromPromise<Retail | null, string>(({ input }) =>
    call((c) => c.retail.getByRut({ path: { rut: input as Retail["rut"] } })).catch((error: unknown) => {
      if (isNotFound(error)) return null
      throw error
    })
  ),
  save: fromPromise<Retail, RetailInput>(({ input }) => call((c) => c.retail.create({ payload: input })))
})
