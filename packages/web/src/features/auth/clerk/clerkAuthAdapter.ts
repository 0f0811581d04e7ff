import type { Session } from "@palma/core"
import type { AuthAdapter } from "../AuthAdapter"

/** What the adapter needs from Clerk beyond the session: signing out. */
export interface ClerkControls {
  readonly signOut: () => Promise<unknown>
}

const clerkFormOnly = () => Promise.reject(new Error("Este servidor usa Clerk: ingrese con el formulario de Clerk."))

const sameSession = (a: Session | null, b: Session | null) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The auth seam over Clerk. Clerk's hooks feed `update` with every render; the adapter answers the
 * machine's `loadSession` with the latest session (waiting while Clerk loads) and reports each
 * change (sign-in, sign-out, another tab, an expired session) so the page is requested again.
 * Signing in and up happen in Clerk's own components, never through the machine.
 */
export const createClerkAuthAdapter = (controls: () => ClerkControls) => {
  /** undefined until Clerk has told who is signed in. */
  let session: Session | null | undefined
  let waiting: Array<(session: Session | null) => void> = []
  let notify: (() => void) | null = null

  const adapter: AuthAdapter = {
    loadSession: () => (session === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(session)),
    signIn: clerkFormOnly,
    signUp: clerkFormOnly,
    signOut: async () => {
      await controls().signOut()
    },
    watch: (onChange) => {
      notify = onChange
      return () => {
        if (notify === onChange) notify = null
      }
    }
  }

  /** Clerk's current session; undefined while it is still loading (ignored). */
  const update = (next: Session | null | undefined) => {
    if (next === undefined) return
    const before = session
    session = next
    const resolve = waiting
    waiting = []
    for (const r of resolve) r(next)
    if (before !== undefined && !sameSession(before, next)) notify?.()
  }

  return { adapter, update }
}
