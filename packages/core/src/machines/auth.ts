import { assign, fromPromise, setup } from "xstate"
import type { Session } from "../domain/session.js"

export interface Credentials {
  readonly email: string
  readonly password: string
}
export interface SignUpDetails extends Credentials {
  readonly fullName: string
}

export interface AuthContext {
  readonly session: Session | null
  readonly error: string | null
}

export type AuthEvent =
  | { type: "SIGN_IN"; email: string; password: string }
  | { type: "SIGN_UP"; email: string; password: string; fullName: string }
  | { type: "SIGN_OUT" }
  /** The adapter saw the session change elsewhere (another tab, expiry, Clerk). */
  | { type: "SESSION_CHANGED" }

const message = (error: unknown) =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string" ? error.message : "No se pudo completar la operación"

/**
 * The session of whoever uses the client. Hosts provide the actors (a local
 * adapter over the API or a Clerk adapter) and `sessionChanged`, which
 * re-requests the current page so access checks run again.
 */
export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent },
  actors: {
    loadSession: fromPromise<Session | null>(async () => {
      throw new Error("loadSession no configurado")
    }),
    signIn: fromPromise<void, Credentials>(async () => {
      throw new Error("signIn no configurado")
    }),
    signUp: fromPromise<void, SignUpDetails>(async () => {
      throw new Error("signUp no configurado")
    }),
    signOut: fromPromise<void>(async () => {
      throw new Error("signOut no configurado")
    })
  },
  actions: {
    sessionChanged: () => {}
  },
  guards: {
    hasSession: ({ event }) => (event as unknown as { output: Session | null }).output !== null,
    hasOrganization: ({ context }) => context.session?.orgId != null
  }
}).createMachine({
  id: "auth",
  context: { session: null, error: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadSession",
        src: "loadSession",
        onDone: [
          { guard: "hasSession", target: "signedIn", actions: assign({ session: ({ event }) => event.output, error: null }) },
          { target: "signedOut", actions: assign({ session: null }) }
        ],
        onError: { target: "signedOut", actions: assign({ session: null, error: ({ event }) => message(event.error) }) }
      }
    },
    signedOut: {
      on: {
        SIGN_IN: "signingIn",
        SIGN_UP: "signingUp",
        SESSION_CHANGED: "reloading"
      }
    },
    signingIn: {
      entry: assign({ error: null }),
      invoke: {
        id: "signIn",
        src: "signIn",
        input: ({ event }) => {
          const e = event as Extract<AuthEvent, { type: "SIGN_IN" }>
          return { email: e.email, password: e.password }
        },
        onDone: "reloading",
        onError: { target: "signedOut", actions: assign({ error: ({ event }) => message(event.error) }) }
      }
    },
    signingUp: {
      entry: assign({ error: null }),
      invoke: {
        id: "signUp",
        src: "signUp",
        input: ({ event }) => {
          const e = event as Extract<AuthEvent, { type: "SIGN_UP" }>
          return { email: e.email, password: e.password, fullName: e.fullName }
        },
        onDone: "reloading",
        onError: { target: "signedOut", actions: assign({ error: ({ event }) => message(event.error) }) }
      }
    },
    /** Reads the session again after any change, then tells the host. */
    reloading: {
      invoke: {
        id: "reloadSession",
        src: "loadSession",
        onDone: [
          {
            guard: "hasSession",
            target: "signedIn",
            actions: [assign({ session: ({ event }) => event.output, error: null }), "sessionChanged"]
          },
          { target: "signedOut", actions: [assign({ session: null }), "sessionChanged"] }
        ],
        onError: { target: "signedOut", actions: [assign({ session: null, error: ({ event }) => message(event.error) }), "sessionChanged"] }
      }
    },
    signedIn: {
      initial: "checking",
      states: {
        checking: {
          always: [{ guard: "hasOrganization", target: "withOrganization" }, { target: "withoutOrganization" }]
        },
        withOrganization: {},
        withoutOrganization: {}
      },
      on: {
        SIGN_OUT: "signingOut",
        SESSION_CHANGED: "reloading"
      }
    },
    signingOut: {
      invoke: {
        id: "signOut",
        src: "signOut",
        onDone: { target: "signedOut", actions: [assign({ session: null, error: null }), "sessionChanged"] },
        onError: { target: "signedIn", actions: assign({ error: ({ event }) => message(event.error) }) }
      }
    }
  }
})
