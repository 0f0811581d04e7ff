import { assertEvent, assign, setup } from "xstate"
import type { Session } from "../domain/session.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { unprovided } from "./unprovided.js"

export interface Credentials {
  readonly email: string
  readonly password: string
}
export interface SignUpDetails extends Credentials {
  readonly fullName: string
}

export interface AuthContext {
  readonly session: Session | null
  /** The message of the last failure, for screens. */
  readonly error: string | null
  /** The last failure whole (status and field issues too), for hosts that act on the status (the CLI's exit code). */
  readonly failure: Failure | null
  /** What a sign-up answered (sign in next), for screens; it leaves the person signed out. */
  readonly notice: string | null
}

export type AuthEvent =
  | { type: "SIGN_IN"; email: string; password: string }
  | { type: "SIGN_UP"; email: string; password: string; fullName: string }
  | { type: "SIGN_OUT" }
  /** The adapter saw the session change elsewhere (another tab, expiry, Clerk). */
  | { type: "SESSION_CHANGED" }

/** A failure as the context keeps it: its message apart, and whole. */
const failed = (error: unknown) => {
  const failure = failureOf(error)
  return { error: failure.message, failure }
}

/**
 * The session of whoever uses the client. Hosts provide the actors (a local
 * adapter over the API or a Clerk adapter) and `sessionChanged`, which
 * re-requests the current page so access checks run again.
 */
export const authMachine = setup({
  types: { context: {} as AuthContext, events: {} as AuthEvent },
  actors: {
    loadSession: unprovided<Session | null>("loadSession"),
    signIn: unprovided<void, Credentials>("signIn"),
    /** Resolves with the server's message: the account is not signed in by it. */
    signUp: unprovided<string, SignUpDetails>("signUp"),
    signOut: unprovided<void>("signOut")
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
  context: { session: null, error: null, failure: null, notice: null },
  initial: "loading",
  states: {
    loading: {
      invoke: {
        id: "loadSession",
        src: "loadSession",
        onDone: [
          { guard: "hasSession", target: "signedIn", actions: assign({ session: ({ event }) => event.output, error: null, failure: null }) },
          { target: "signedOut", actions: assign({ session: null }) }
        ],
        onError: { target: "signedOut", actions: assign(({ event }) => ({ session: null, ...failed(event.error) })) }
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
      entry: assign({ error: null, failure: null, notice: null }),
      invoke: {
        id: "signIn",
        src: "signIn",
        input: ({ event }) => {
          assertEvent(event, "SIGN_IN")
          return { email: event.email, password: event.password }
        },
        onDone: "reloading",
        onError: { target: "signedOut", actions: assign(({ event }) => failed(event.error)) }
      }
    },
    signingUp: {
      entry: assign({ error: null, failure: null, notice: null }),
      invoke: {
        id: "signUp",
        src: "signUp",
        input: ({ event }) => {
          assertEvent(event, "SIGN_UP")
          return { email: event.email, password: event.password, fullName: event.fullName }
        },
        // The same answer whether the email was new or not: the person signs in next, as anyone would.
        onDone: { target: "signedOut", actions: assign({ notice: ({ event }) => event.output }) },
        onError: { target: "signedOut", actions: assign(({ event }) => failed(event.error)) }
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
            actions: [assign({ session: ({ event }) => event.output, error: null, failure: null }), "sessionChanged"]
          },
          { target: "signedOut", actions: [assign({ session: null }), "sessionChanged"] }
        ],
        onError: { target: "signedOut", actions: [assign(({ event }) => ({ session: null, ...failed(event.error) })), "sessionChanged"] }
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
        onDone: { target: "signedOut", actions: [assign({ session: null, error: null, failure: null }), "sessionChanged"] },
        onError: { target: "signedIn", actions: assign(({ event }) => failed(event.error)) }
      }
    }
  }
})
