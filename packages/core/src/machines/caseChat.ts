import { assertEvent, assign, emit, fromPromise, setup } from "xstate"
import type { Call } from "../client/caller.js"
import type { CaseChatMessage } from "../domain/caseChat.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { unprovided } from "./unprovided.js"

export type CaseChatEvent = { type: "SEND"; message: string } | { type: "REFRESH" } | { type: "RETRY" }
export type CaseChatEmitted = { type: "sent"; message: CaseChatMessage } | { type: "rejected"; failure: Failure }

interface CaseChatContext {
  readonly caseId: string
  readonly messages: ReadonlyArray<CaseChatMessage>
  /** Why the messages could not be read, or why the last message was not sent (its text stays with the host). */
  readonly failure: Failure | null
}

/**
 * A case's chat: its messages oldest first, a message sent (added when the server answers it,
 * never before), a refresh when someone else writes (the live feed says so). A message that is
 * not sent is announced with `rejected`; the host keeps its text. Hosts provide `load` and `send`.
 */
export const caseChatMachine = setup({
  types: {
    context: {} as CaseChatContext,
    events: {} as CaseChatEvent,
    emitted: {} as CaseChatEmitted,
    input: {} as { readonly caseId: string }
  },
  actors: {
    load: unprovided<ReadonlyArray<CaseChatMessage>, string>("load"),
    send: unprovided<CaseChatMessage, { readonly caseId: string; readonly message: string }>("send")
  },
  guards: { hasText: ({ event }) => event.type === "SEND" && event.message.trim() !== "" }
}).createMachine({
  id: "caseChat",
  context: ({ input }) => ({ caseId: input.caseId, messages: [], failure: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "load",
        input: ({ context }) => context.caseId,
        onDone: { target: "ready", actions: assign({ messages: ({ event }) => event.output, failure: null }) },
        onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
      }
    },
    failure: { on: { RETRY: "loading" } },
    ready: {
      on: {
        SEND: { guard: "hasText", target: "sending" },
        REFRESH: "loading"
      }
    },
    sending: {
      entry: assign({ failure: null }),
      invoke: {
        src: "send",
        input: ({ context, event }) => {
          assertEvent(event, "SEND")
          return { caseId: context.caseId, message: event.message.trim() }
        },
        onDone: {
          target: "ready",
          actions: [
            assign({
              messages: ({ context, event }) =>
                context.messages.some((m) => m.id === event.output.id) ? context.messages : [...context.messages, event.output]
            }),
            emit(({ event }) => ({ type: "sent" as const, message: event.output }))
          ]
        },
        onError: {
          target: "ready",
          actions: [
            assign({ failure: ({ event }) => failureOf(event.error) }),
            emit(({ event }) => ({ type: "rejected" as const, failure: failureOf(event.error) }))
          ]
        }
      }
    }
  }
})

/** The chat's calls over the contract. */
export const caseChatActors = (call: Call) => ({
  load: fromPromise<ReadonlyArray<CaseChatMessage>, string>(({ input }) => call((c) => c.case.getChatByCase({ path: { case_id: input } }))),
  send: fromPromise<CaseChatMessage, { readonly caseId: string; readonly message: string }>(async ({ input }) => {
    const sent = await call((c) => c.case.createChatMessage({ payload: { case_id: input.caseId, message: input.message } }))
    // The server answers null only for a message without a case; this one names its case.
    if (sent === null) throw new Error("El mensaje no quedó registrado en el caso")
    return sent
  })
})
