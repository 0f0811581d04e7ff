import type { Call } from "../client/caller.js"
import type { UserSession } from "../domain/userSession.js"
import { assign, emit, fromPromise, setup } from "xstate"
import { messageOf } from "../client/machineFailure.js"
import { unprovided } from "./unprovided.js"

export interface SessionsContext {
  readonly sessions: ReadonlyArray<UserSession> | null
  readonly failure: string | null
}

export type SessionsEvent = { type: "CLOSE"; id: string } | { type: "CLOSE_ALL" } | { type: "RETRY" }

export type SessionsEmitted = { type: "allClosed" } | { type: "rejected"; message: string }

/** Why the sessions list is not there when the server says nothing better; the modal's title for it. */
export const SESSIONS_UNREADABLE = "No se pudieron cargar sus sesiones"

/** "Sesiones" (local mode): the caller's open sessions; close one, or all of them (which signs this one out too). */
export const sessionsMachine = setup({
  types: { context: {} as SessionsContext, events: {} as SessionsEvent, emitted: {} as SessionsEmitted },
  actors: {
    list: unprovided<ReadonlyArray<UserSession>>("list"),
    close: unprovided<void, string>("close"),
    closeAll: unprovided<void>("closeAll")
  }
}).createMachine({
  id: "sessions",
  context: { sessions: null, failure: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "list",
        onDone: { target: "ready", actions: assign({ sessions: ({ event }) => event.output, failure: null }) },
        onError: { target: "failed", actions: assign({ failure: ({ event }) => messageOf(event.error, SESSIONS_UNREADABLE) }) }
      }
    },
    ready: { on: { CLOSE: "closing", CLOSE_ALL: "closingAll" } },
    closing: {
      invoke: {
        src: "close",
        input: ({ event }) => (event.type === "CLOSE" ? event.id : ""),
        onDone: "loading",
        onError: {
          target: "ready",
          actions: emit(({ event }) => ({ type: "rejected" as const, message: messageOf(event.error, "No se pudo cerrar la sesión") }))
        }
      }
    },
    closingAll: {
      invoke: {
        src: "closeAll",
        onDone: { target: "done", actions: emit({ type: "allClosed" as const }) },
        onError: {
          target: "ready",
          actions: emit(({ event }) => ({ type: "rejected" as const, message: messageOf(event.error, "No se pudieron cerrar sus sesiones") }))
        }
      }
    },
    failed: { on: { RETRY: "loading" } },
    done: { type: "final" }
  }
})

/** The sessions machine's actors over the API client. */
export const sessionsActors = (call: Call) => ({
  list: fromPromise<ReadonlyArray<UserSession>>(() => call((c) => c.auth.sessions())),
  close: fromPromise<void, string>(({ input }) => call((c) => c.auth.closeSession({ path: { id: input } }))),
  closeAll: fromPromise<void>(() => call((c) => c.auth.closeAllSessions()))
})
