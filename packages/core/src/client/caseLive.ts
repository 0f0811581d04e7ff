import { fromCallback } from "xstate"
import type { CaseNotice } from "../domain/caseLive.js"

/**
 * How a host listens to `GET /case/live?case_id=`: calls `onNotice` per notice and `onConnected`
 * when the stream opens or drops, and answers how to stop. Injected: the browser has EventSource,
 * Node has none.
 */
export type CaseLiveSubscribe = (caseId: string, onNotice: (notice: CaseNotice) => void, onConnected: (connected: boolean) => void) => () => void

export type CaseFeedEvent = { type: "NOTICE"; notice: CaseNotice } | { type: "CONNECTED"; connected: boolean }

/** The subscription as an actor: notices and the connection's state sent back to the machine. */
export const caseLiveFeed = (subscribe: CaseLiveSubscribe) =>
  fromCallback<CaseFeedEvent, { readonly caseId: string }>(({ input, sendBack }) =>
    subscribe(
      input.caseId,
      (notice) => sendBack({ type: "NOTICE", notice }),
      (connected) => sendBack({ type: "CONNECTED", connected })
    )
  )
