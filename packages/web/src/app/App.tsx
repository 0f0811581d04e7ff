import { MantineProvider } from "@mantine/core"
import { useState } from "react"
import { RouterProvider } from "react-router"
import { createAppRouter } from "./router"
import { theme } from "./theme"

export const App = () => {
  // One router per mounted app, so each test (or a remount) starts from the current URL.
  const [router] = useState(createAppRouter)
  return (
    <MantineProvider theme={theme}>
      <RouterProvider router={router} />
    </MantineProvider>
  )
}
