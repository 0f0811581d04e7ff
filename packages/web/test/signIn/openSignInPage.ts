import userEvent from "@testing-library/user-event"
import { onTestFinished, vi } from "vitest"
import { renderSignInForm } from "../../src/signIn/renderSignInForm"
import { startSignInPage } from "../../src/signIn/signInPage"

/**
 * Opens the light sign-in page (sign-in.html's entry) at `path`, as the browser would load it
 * alone; where it sends the browser next is recorded instead of followed.
 */
export const openSignInPage = (path = "/sign-in") => {
  window.history.replaceState(null, "", path)
  const root = document.createElement("div")
  document.body.append(root)
  // The markup the build writes into sign-in.html.
  renderSignInForm(root)
  // Per call, not a module-level afterEach: web test files share modules (isolate: false), so such a
  // hook was registered for the first file only, and a later file's page stayed in the document for
  // the next files of the worker to type into.
  onTestFinished(() => root.remove())
  const navigation = { assign: vi.fn<(url: string) => void>(), replace: vi.fn<(url: string) => void>() }
  startSignInPage(root, navigation)
  return { user: userEvent.setup({ delay: null }), navigation }
}
