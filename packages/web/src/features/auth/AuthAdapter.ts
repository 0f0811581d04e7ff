import type { Credentials, Session, SignUpDetails } from "@palma/core"

/**
 * Where sessions come from: the embedded local issuer today, Clerk later. The auth machine
 * runs the same way over either; only this seam changes.
 */
export interface AuthAdapter {
  /** The current session, or null when nobody is signed in. */
  readonly loadSession: () => Promise<Session | null>
  readonly signIn: (credentials: Credentials) => Promise<void>
  /** The server's message: signing up never signs in (the person signs in next). */
  readonly signUp: (details: SignUpDetails) => Promise<string>
  readonly signOut: () => Promise<void>
  /** Reports sessions changed outside the machine (another tab, a failed refresh); returns the unsubscribe. */
  readonly watch: (onChange: () => void) => () => void
}
