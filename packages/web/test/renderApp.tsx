import { configure, render } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { StrictMode } from "react"
import { vi } from "vitest"
import { App } from "../src/app/App"

// Screens wait on a real server and load their routes lazily: on a busy machine the first answer
// can take longer than Testing Library's default second, and a whole flow longer than 5 seconds.
configure({ asyncUtilTimeout: 3_000 })
vi.setConfig({ testTimeout: 15_000 })

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
