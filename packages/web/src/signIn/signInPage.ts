import { returnPath } from "../features/auth/returnTo"
import { readExpiry, writeExpiry } from "../features/auth/sharedExpiry"
import { signInCall } from "./signInCall"
import { wireSignInForm } from "./signInForm"

/** Where the page goes next: the browser's location, or what a test records. */
export interface Navigation {
  readonly assign: (url: string) => void
  readonly replace: (url: string) => void
}

const readJson = (path: string, method = "GET"): Promise<unknown> =>
  fetch(path, { method, headers: { id: "palma-web" } }).then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))

/**
 * Whether this browser's session is live: its token as it is, or — the token lapsed, as it does a
 * minute after the last refresh — renewed from the session's refresh cookie, as the app's session
 * keeper does. The server sends a deep link here when the token's cookie is gone.
 */
const resumedSession = async (): Promise<boolean> => {
  if ((await readJson("/api/auth/me")) !== null) return true
  const issued = await readJson("/api/auth/local/refresh", "POST")
  if (typeof issued !== "object" || issued === null || !("expiresAt" in issued) || typeof issued.expiresAt !== "number") return false
  writeExpiry(issued.expiresAt)
  return true
}

/**
 * /sign-in on its own, in local mode: the form's behaviour (its markup is in the page), whether
 * sign-up is offered, and what happens once signed in — the page the person was going to (`?from=`, a path of this app) loads, or home.
 */
export const startSignInPage = (root: ParentNode, navigation: Navigation) => {
  const destination = returnPath({ from: new URLSearchParams(location.search).get("from") })
  const form = wireSignInForm(root, {
    submit: async (email, password) => {
      const outcome = await signInCall(email, password)
      if ("failure" in outcome) return outcome.failure
      // What the app's session keeper reads to refresh in time, in this tab and the others.
      writeExpiry(outcome.expiresAt)
      navigation.assign(destination)
      return null
    }
  })
  void readJson("/api/auth/config").then(
    (config) => form.setSignUpAllowed(!(typeof config === "object" && config !== null && "signUp" in config && config.signUp === false)),
    () => undefined
  )
  // Someone this browser knows as signed in (a bookmark, the back button, a deep link) continues at once.
  if (readExpiry() !== null)
    void resumedSession().then(
      (live) => {
        if (live) navigation.replace(destination)
      },
      () => undefined
    )
  return form
}
