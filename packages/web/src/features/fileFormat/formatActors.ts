import type { Call, FileFormat, FileFormatInput } from "@palma/core"
import { fromPromise } from "xstate"
import type { Loaded } from "./formatMachine"

const isNotFound = (error: unknown) => typeof error === "object" && error !== null && "status" in error && error.status === 404

/** The format machine's calls: the plan's fields and format (404: none yet), save, delete. */
export const formatActors = (call: Call) => ({
  load: fromPromise<Loaded, string>(async ({ input }) => {
    const [fields, format] = await Promise.all([
      call((c) => c.field.getByProductPlanId({ path: { id: input } })),
      call((c) => c.fileFormat.getByProductPlanId({ path: { id: input } })).catch((error: unknown): FileFormat | null => {
        if (isNotFound(error)) return null
        throw error
      })
    ])
    return { fields, format }
  }),
  save: fromPromise<FileFormat, FileFormatInput>(({ input }) => call((c) => c.fileFormat.create({ payload: input }))),
  remove: fromPromise<unknown, string>(({ input }) => call((c) => c.fileFormat.deleteByProductPlanId({ path: { id: input } })))
})
