import { authMachine, type Credentials, type SignUpDetails } from "@palma/core"
import { fromPromise } from "xstate"
import type { AuthAdapter } from "./AuthAdapter"

/** The core auth machine with its actors served by an adapter. */
export const authLogicFor = (adapter: AuthAdapter) =>
  authMachine.provide({
    actors: {
      loadSession: fromPromise(() => adapter.loadSession()),
      signIn: fromPromise<void, Credentials>(({ input }) => adapter.signIn(input)),
      signUp: fromPromise<string, SignUpDetails>(({ input }) => adapter.signUp(input)),
      signOut: fromPromise(() => adapter.signOut())
    }
  })
