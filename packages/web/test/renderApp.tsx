import { render } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { StrictMode } from "react"
import { App } from "../src/app/App"

/** Opens the app at `path`, as a person typing the address would, in StrictMode like main.tsx. */
export const renderApp = (path: string) => {
  window.history.replaceState(null, "", path)
  const user = userEvent.setup({ delay: null })
  const view = render(
    <StrictMode>
      <App />
    </StrictMode>
  )
  return { user, ...view }
}
