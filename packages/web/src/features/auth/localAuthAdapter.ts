import { ApiFailure, type Call, type IssuedToken } from "@palma/core"
import type { AuthAdapter } from "./AuthAdapter"
import { refreshDelay } from "./refreshDelay"
import { clearExpiry, expiryChange, readExpiry, writeExpiry } from "./sharedExpiry"

const isUnauthorized = (error: unknown) => error instanceof ApiFailure && error.status === 401

/** How soon a refresh that never reached an answer (offline, the page leaving) is tried again. */
const retryDelay = 5_000

/**
 * Sessions from the server's embedded issuer. The token travels in an HttpOnly cookie the
 * browser sends by itself; this adapter only keeps it fresh and tells other tabs what happened.
 */
export const createLocalAuthAdapter = (call: Call): AuthAdapter => {
  let notify: (() => void) | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  /** When the current token expires; null while signed out (nothing to refresh). */
  let expiresAt: number | null = null
  /** The refresh on the wire, if any: a sign-out waits for it, or its answer would set the cookie again. */
  let refreshing: Promise<void> | null = null
  /** Set when a sign-out starts: a refresh answered after that is not remembered. */
  let signingOut = false

  const schedule = () => {
    clearTimeout(timer)
    if (notify !== null && expiresAt !== null) timer = setTimeout(() => void refresh(), refreshDelay(expiresAt, Date.now()))
  }
  const validUntil = (at: number | null) => {
    expiresAt = at
    schedule()
  }
  const remember = (issued: IssuedToken) => {
    writeExpiry(issued.expiresAt)
    validUntil(issued.expiresAt)
  }
  const forget = () => {
    clearExpiry()
    validUntil(null)
  }
  const refresh = () => {
    refreshing = call((client) => client.auth.refresh())
      .then(
        (issued) => {
          if (!signingOut) remember(issued)
        },
        (error: unknown) => {
          // Only the server's refusal ends the session. A refresh cut on the way (offline, or a
          // reload leaving the page) leaves it as it was: every tab and the next page still know it.
          if (!isUnauthorized(error)) {
            clearTimeout(timer)
            if (notify !== null && !signingOut) timer = setTimeout(() => void refresh(), retryDelay)
            return
          }
          forget()
          notify?.()
        }
      )
      .finally(() => {
        refreshing = null
      })
    return refreshing
  }

  const onStorage = (event: StorageEvent) => {
    const change = expiryChange(event)
    if (change === null) return
    // Another tab refreshed the shared cookie: follow its expiry instead of refreshing again.
    if (change.before !== null && change.after !== null) validUntil(change.after)
    else notify?.()
  }

  const me = () => call((client) => client.auth.me())

  return {
    loadSession: () =>
      me().then(
        (session) => {
          // An unknown expiry (storage cleared) refreshes at once, which also learns it.
          validUntil(readExpiry() ?? Date.now())
          return session
        },
        async (error: unknown) => {
          if (!isUnauthorized(error)) throw error
          // The access token lapsed (a sleeping laptop, a tab opened tomorrow): the session's
          // refresh cookie may still be live. Not after a sign-out here or in another tab,
          // which clears the stored expiry: then there is nothing to refresh.
          // A refresh that got no answer fails the load and keeps the stored expiry, so the next page
          // (a reload cut this one short) resumes; only the server's 401 means signed out.
          const issued =
            readExpiry() === null
              ? null
              : await call((client) => client.auth.refresh()).catch((failure: unknown) => {
                  if (isUnauthorized(failure)) return null
                  throw failure
                })
          if (issued === null) {
            forget()
            return null
          }
          remember(issued)
          return me()
        }
      ),
    signIn: (credentials) => call((client) => client.auth.signIn({ payload: credentials })).then(remember),
    signUp: (details) => call((client) => client.auth.signUp({ payload: details })).then((accepted) => accepted.message),
    signOut: async () => {
      signingOut = true
      clearTimeout(timer)
      try {
        await refreshing
        await call((client) => client.auth.signOut()).then(forget, (error: unknown) => {
          // Already expired on the server: the goal is reached all the same.
          if (!isUnauthorized(error)) throw error
          forget()
        })
      } finally {
        signingOut = false
        // Still signed in when the sign-out failed: keep the token fresh again.
        schedule()
      }
    },
    watch: (onChange) => {
      notify = onChange
      window.addEventListener("storage", onStorage)
      schedule()
      return () => {
        notify = null
        window.removeEventListener("storage", onStorage)
        clearTimeout(timer)
      }
    }
  }
}
