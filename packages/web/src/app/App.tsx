import { MantineProvider } from "@mantine/core"
import { useState } from "react"
import { RouterProvider } from "react-router"
import { Toaster } from "../components/Toaster"
import { createAppRouter } from "./router"
import { cssVariablesResolver, theme } from "./theme"

export const App = () => {
  // One router per mounted app, so each test (or a remount) starts from the current URL.
  const [router] = useState(createAppRouter)
  return (
    // Under test Mantine skips its transitions, which happy-dom never finishes.
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env={import.meta.env.MODE === "test" ? "test" : "default"}>
      <Toaster />
      <RouterProvider router={router} />
    </MantineProvider>
  )
}
