import { assign, emit, fromCallback, setup } from "xstate"
import type { CaseNotice } from "../domain/caseLive.js"

/**
 * How a host listens to `GET /case/live?case_id=`: calls `onNotice` per notice and `onConnected`
 * when the stream opens or drops, and answers how to stop. Injected: the browser has EventSource,
 * Node has none.
 */
export type CaseLiveSubscribe = (caseId: string, onNotice: (notice: CaseNotice) => void, onConnected: (connected: boolean) => void) => () => void

type FeedEvent = { type: "NOTICE"; notice: CaseNotice } | { type: "CONNECTED"; connected: boolean }

/** The subscription as an actor: notices and the connection's state sent back to the machine. */
export const caseLiveFeed = (subscribe: CaseLiveSubscribe) =>
  fromCallback<FeedEvent, { readonly caseId: string }>(({ input, sendBack }) =>
    subscribe(
      input.caseId,
      (notice) => sendBack({ type: "NOTICE", notice }),
      (connected) => sendBack({ type: "CONNECTED", connected })
    )
  )

export type CaseLiveEmitted = { type: "caseChanged"; version: number } | { type: "chatPosted"; message_id: string }

/**
 * What happens to one case while its page is open, from the live feed: another write (a newer
 * version than `known`) or a chat message. Hosts provide the `feed` actor and keep `known` up to
 * date with KNOWN as they read the case.
 */
export const caseLiveMachine = setup({
  types: {
    context: {} as { readonly caseId: string; readonly known: number; readonly connected: boolean },
    events: {} as FeedEvent | { type: "KNOWN"; version: number },
    emitted: {} as CaseLiveEmitted,
    input: {} as { readonly caseId: string; readonly known: number }
  },
  actors: {
    feed: fromCallback<FeedEvent, { readonly caseId: string }>(() => () => undefined)
  },
  guards: {
    newer: ({ context, event }) => event.type === "NOTICE" && event.notice.type === "case" && event.notice.version > context.known
  }
}).createMachine({
  id: "caseLive",
  context: ({ input }) => ({ caseId: input.caseId, known: input.known, connected: false }),
  invoke: { src: "feed", input: ({ context }) => ({ caseId: context.caseId }) },
  on: {
    KNOWN: { actions: assign({ known: ({ context, event }) => Math.max(context.known, event.version) }) },
    CONNECTED: { actions: assign({ connected: ({ event }) => event.connected }) },
    NOTICE: [
      {
        guard: "newer",
        actions: emit(({ event }) => ({ type: "caseChanged" as const, version: event.notice.type === "case" ? event.notice.version : 0 }))
      },
      {
        guard: ({ event }) => event.notice.type === "chat",
        actions: emit(({ event }) => ({ type: "chatPosted" as const, message_id: event.notice.type === "chat" ? event.notice.message_id : "" }))
      }
    ]
  }
})
