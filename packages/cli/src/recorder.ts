import { ApiFailure, type Call } from "@palma/core"

/**
 * Machines keep only a failure's message; the exit code needs its status. Wrapping the Call the
 * machine's actors use lets the command read back the last ApiFailure they rejected with.
 */
export const recordFailures = (call: Call) => {
  let last: ApiFailure | undefined
  const recorded: Call = (f) =>
    call(f).catch((error: unknown) => {
      if (error instanceof ApiFailure) last = error
      throw error
    })
  return { call: recorded, last: () => last }
}
