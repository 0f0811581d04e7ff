import { render } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { StrictMode } from "react"
import { App } from "../src/app/App"

/**
 * Opens the app at `path`, as a person typing the address would, in StrictMode like main.tsx.
 * StrictMode starts each effect twice in development: a test that counts the calls a page makes
 * counts production's with `strict: false`.
 */
export const renderApp = (path: string, { strict = true }: { readonly strict?: boolean } = {}) => {
  window.history.replaceState(null, "", path)
  const user = userEvent.setup({ delay: null })
  const view = render(
    strict ? (
      <StrictMode>
        <App />
      </StrictMode>
    ) : (
      <App />
    )
  )
  return { user, ...view }
}
