import type { Credentials, Session, SignUpDetails } from "@palma/core"
import { UNEXPECTED_ANSWER_MESSAGE } from "@palma/core/client/failureMessages"
import { useSelector } from "@xstate/react"
import { waitFor } from "xstate"
import { useAuthActor } from "./AuthContext"

export interface Auth {
  readonly session: Session | null
  /** The last failure, in Spanish. */
  readonly error: string | null
  /** What the last sign-up answered (sign in next), in Spanish. */
  readonly notice: string | null
  /** The first session check has not answered yet. */
  readonly loading: boolean
  /** A sign-in, sign-up, sign-out or session reload is in flight. */
  readonly busy: boolean
  /** Resolves to what to tell the person when the sign-in failed, or null once signed in. */
  readonly signIn: (credentials: Credentials) => Promise<string | null>
  readonly signUp: (details: SignUpDetails) => void
  readonly signOut: () => void
}

export const useAuth = (): Auth => {
  const actor = useAuthActor()
  const session = useSelector(actor, (s) => s.context.session)
  const error = useSelector(actor, (s) => s.context.error)
  const notice = useSelector(actor, (s) => s.context.notice)
  const loading = useSelector(actor, (s) => s.matches("loading"))
  const busy = useSelector(actor, (s) => s.matches("signingIn") || s.matches("signingUp") || s.matches("reloading") || s.matches("signingOut"))
  return {
    session,
    error,
    notice,
    loading,
    busy,
    signIn: async (credentials) => {
      actor.send({ type: "SIGN_IN", ...credentials })
      const settled = await waitFor(actor, (s) => s.matches("signedIn") || s.matches("signedOut"))
      return settled.matches("signedIn") ? null : (settled.context.error ?? UNEXPECTED_ANSWER_MESSAGE)
    },
    signUp: (details) => actor.send({ type: "SIGN_UP", ...details }),
    signOut: () => actor.send({ type: "SIGN_OUT" })
  }
}
