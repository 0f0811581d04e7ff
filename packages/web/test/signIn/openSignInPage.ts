import userEvent from "@testing-library/user-event"
import { afterEach, vi } from "vitest"
import { renderSignInForm } from "../../src/signIn/renderSignInForm"
import { startSignInPage } from "../../src/signIn/signInPage"

let opened: HTMLElement | null = null
afterEach(() => {
  opened?.remove()
  opened = null
})

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
  opened = root
  const navigation = { assign: vi.fn<(url: string) => void>(), replace: vi.fn<(url: string) => void>() }
  startSignInPage(root, navigation)
  return { user: userEvent.setup({ delay: null }), navigation }
}
