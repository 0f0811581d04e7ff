import type { AuthConfig } from "@palma/core"
import { useState } from "react"
import { Outlet, useLoaderData } from "react-router"
import { FullPageMessage } from "../components/FullPageMessage"
import { adapterFor } from "../features/auth/adapterFor"
import { AuthProvider } from "../features/auth/AuthProvider"
import { call } from "../lib/api"

/** Learns how the server signs people in before anything else renders. */
export const loadAuthConfig = (): Promise<AuthConfig> => call((client) => client.auth.config())

/** The root route: picks the auth adapter for the server's mode and runs the session for every page. */
export const Root = () => {
  const config = useLoaderData<typeof loadAuthConfig>()
  const [adapter] = useState(() => adapterFor(config, call))
  if (adapter === null) {
    return (
      <FullPageMessage title="Ingreso no disponible">
        Este servidor usa Clerk para el ingreso, y esta versión de la aplicación aún no lo admite.
      </FullPageMessage>
    )
  }
  return (
    <AuthProvider adapter={adapter}>
      <Outlet />
    </AuthProvider>
  )
}
