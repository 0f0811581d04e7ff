import { returnPath } from "../features/auth/returnTo"
import { readExpiry, writeExpiry } from "../features/auth/sharedExpiry"
import { signInCall } from "./signInCall"
import { wireSignInForm } from "./signInForm"

/** Where the page goes next: the browser's location, or what a test records. */
export interface Navigation {
  readonly assign: (url: string) => void
  readonly replace: (url: string) => void
}

const readJson = (path: string): Promise<unknown> =>
  fetch(path, { headers: { id: "palma-web" } }).then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))

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
  // Someone this browser knows as signed in (a bookmark, the back button) continues at once.
  if (readExpiry() !== null)
    void readJson("/api/auth/me").then(
      (session) => {
        if (session !== null) navigation.replace(destination)
      },
      () => undefined
    )
  return form
}
