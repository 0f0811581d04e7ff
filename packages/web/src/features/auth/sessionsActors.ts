import type { Call, UserSession } from "@palma/core"
import { fromPromise } from "xstate"

/** The sessions machine's actors over the API client. */
export const sessionsActors = (call: Call) => ({
  list: fromPromise<ReadonlyArray<UserSession>>(() => call((c) => c.auth.sessions())),
  close: fromPromise<void, string>(({ input }) => call((c) => c.auth.closeSession({ path: { id: input } }))),
  closeAll: fromPromise<void>(() => call((c) => c.auth.closeAllSessions()))
})
