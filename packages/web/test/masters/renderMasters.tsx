import { MantineProvider } from "@mantine/core"
import { notifications } from "@mantine/notifications"
import { render } from "@testing-library/react"
import userEvent from "@testing-library/user-event"
import { StrictMode } from "react"
import { createBrowserRouter, RouterProvider } from "react-router"
import { theme } from "../../src/app/theme"
import { Toaster } from "../../src/components/Toaster"
import { masterRoutes } from "../../src/app/routes/masterRoutes"
import { LookupsProvider } from "../../src/lib/lookups/LookupsProvider"

/**
 * Opens a master screen at `path` (with its query string) on its own, as the shell mounts it:
 * the app's theme and toast host, the session's shared lists, the browser's URL, the server of
 * the test file (realServer.ts).
 */
export const renderMasters = (path: string) => {
  window.history.replaceState(null, "", path)
  // Toasts live in a module-level store: start each test without the last one's.
  notifications.clean()
  notifications.cleanQueue()
  const router = createBrowserRouter([{ path: "/", hydrateFallbackElement: <p>Cargando…</p>, children: masterRoutes }])
  const user = userEvent.setup({ delay: null })
  const view = render(
    <StrictMode>
      <MantineProvider theme={theme} env="test">
        <Toaster />
        <LookupsProvider preload={false}>
          <RouterProvider router={router} />
        </LookupsProvider>
      </MantineProvider>
    </StrictMode>
  )
  return { user, router, ...view }
}

/** The URL's search params now. */
export const urlParams = () => new URLSearchParams(window.location.search)
