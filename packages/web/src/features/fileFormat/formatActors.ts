import type { Call, FileFormat, FileFormatInput } from "@palma/core"
import { fromPromise } from "xstate"
import type { Loaded } from "./formatMachine"

/** The format machine's calls: the plan's fields and format (no columns: none yet), save, delete. */
export const formatActors = (call: Call) => ({
  load: fromPromise<Loaded, string>(async ({ input }) => {
    const path = { productPlan_id: input }
    const [fields, format] = await Promise.all([call((c) => c.field.getByProductPlanId({ path })), call((c) => c.fileFormat.getByProductPlanId({ path }))])
    return { fields, format: format.length === 0 ? null : format }
  }),
  save: fromPromise<FileFormat, FileFormatInput>(({ input }) => call((c) => c.fileFormat.create({ payload: input }))),
  remove: fromPromise<unknown, string>(({ input }) => call((c) => c.fileFormat.deleteByProductPlanId({ path: { productPlan_id: input } })))
})
