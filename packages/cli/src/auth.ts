import { type Call, type Credentials, type IssuedToken, type Session, authMachine } from "@palma/core"
import { createActor, fromPromise, waitFor } from "xstate"
import { CliError, ExitCode, fromApiFailure, notSignedIn } from "./errors.js"
import type { Bearer } from "./http.js"

/**
 * The core auth machine, with actors over the API. `bearer` is the token the Call sends: sign-in
 * replaces it so the session reload that follows runs as the new user.
 */
const startAuth = (call: Call, bearer: Bearer) => {
  let issued: IssuedToken | undefined
  const machine = authMachine.provide({
    actors: {
      loadSession: fromPromise<Session | null>(() => (bearer.token === undefined ? Promise.resolve(null) : call((client) => client.auth.me()))),
      signIn: fromPromise<void, Credentials>(async ({ input }) => {
        // The CLI has no cookie jar: it keeps the session's refresh credential itself.
        issued = await call((client) => client.auth.signIn({ payload: { ...input, returnRefreshToken: true } }))
        bearer.token = issued.token
      })
    }
  })
  const actor = createActor(machine).start()

  /** Waits until the machine settles; signed out means the reason it failed, with its exit code. */
  const settled = async (): Promise<Session> => {
    const snapshot = await waitFor(actor, (s) => s.matches("signedIn") || s.matches("signedOut"))
    const session = snapshot.context.session
    if (snapshot.matches("signedIn") && session !== null) return session
    // The machine keeps the failure's status: the exit code follows it.
    const { failure } = snapshot.context
    if (failure !== null) throw fromApiFailure(failure)
    throw notSignedIn()
  }
  return { actor, settled, issued: () => issued }
}

const stopping = async <A>(actor: { stop: () => void }, work: Promise<A>): Promise<A> => {
  try {
    return await work
  } finally {
    actor.stop()
  }
}

/** The session a token belongs to (the machine's `loading` → signedIn | signedOut). */
export const loadSession = (call: Call, bearer: Bearer): Promise<Session> => {
  const auth = startAuth(call, bearer)
  return stopping(auth.actor, auth.settled())
}

/** Email and password sign-in (signedOut → SIGN_IN → signingIn → reloading → signedIn). */
export const signInWithPassword = (call: Call, bearer: Bearer, credentials: Credentials): Promise<{ session: Session; issued: IssuedToken }> => {
  const auth = startAuth(call, bearer)
  return stopping(
    auth.actor,
    (async () => {
      await waitFor(auth.actor, (s) => s.matches("signedOut"))
      auth.actor.send({ type: "SIGN_IN", email: credentials.email, password: credentials.password })
      const session = await auth.settled()
      const issued = auth.issued()
      if (issued === undefined) throw new CliError("El servidor no entregó un token.", ExitCode.failure)
      return { session, issued }
    })()
  )
}
