import type { AuthConfig } from "@palma/core"
import { lazy, Suspense, useState } from "react"
import { Outlet, useLoaderData } from "react-router"
import { PageLoader } from "../components/PageLoader"
import { AuthModeContext, SignUpAllowedContext } from "../features/auth/AuthMode"
import { AuthProvider } from "../features/auth/AuthProvider"
import { createLocalAuthAdapter } from "../features/auth/localAuthAdapter"
import { call } from "../lib/api"

// Clerk's SDK is fetched only by servers that use it.
const ClerkRoot = lazy(() => import("../features/auth/clerk/ClerkRoot").then((m) => ({ default: m.ClerkRoot })))

/** Learns how the server signs people in before anything else renders. */
export const loadAuthConfig = (): Promise<AuthConfig> => call((client) => client.auth.config())

const LocalRoot = () => {
  const [adapter] = useState(() => createLocalAuthAdapter(call))
  return (
    <AuthProvider adapter={adapter}>
      <Outlet />
    </AuthProvider>
  )
}

/** The root route: runs the session for every page with the adapter of the server's sign-in mode. */
export const Root = () => {
  const config = useLoaderData<typeof loadAuthConfig>()
  return (
    <AuthModeContext value={config.mode}>
      {config.mode === "clerk" ? (
        <Suspense fallback={<PageLoader />}>
          <ClerkRoot publishableKey={config.publishableKey}>
            <Outlet />
          </ClerkRoot>
        </Suspense>
      ) : (
        <SignUpAllowedContext value={config.signUp ?? true}>
          <LocalRoot />
        </SignUpAllowedContext>
      )}
    </AuthModeContext>
  )
}
