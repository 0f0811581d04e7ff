import { esES } from "@clerk/localizations"
import {
  ClerkDegraded,
  ClerkFailed,
  ClerkLoaded,
  ClerkLoading,
  ClerkProvider,
  SignIn,
  SignUp,
  useAuth as useClerkAuth,
  useOrganization,
  useUser
} from "@clerk/react"
import { Alert, Center } from "@mantine/core"
import { Component, type ReactNode, useEffect, useRef, useState } from "react"
import { useLocation, useNavigate } from "react-router"
import { PageLoader } from "../../../components/PageLoader"
import { setBearerSource } from "../../../lib/api"
import { AuthProvider } from "../AuthProvider"
import { returnPath } from "../returnTo"
import { createClerkAuthAdapter } from "./clerkAuthAdapter"
import { ClerkFailurePage } from "./ClerkFailurePage"
import { sessionFromClerk } from "./clerkSession"
import { frontendApiOf, keyProblem } from "./publishableKey"

/** How long Clerk may take to start before the failure page shows (clerk-js gives up after 15 s). */
export const clerkStartTimeoutMs = 20_000

interface ClerkRootProps {
  readonly publishableKey: string | null
  readonly children: ReactNode
}

/** Clerk mode: Clerk's provider with Spanish texts, its session feeding the auth machine. */
export const ClerkRoot = ({ publishableKey, children }: ClerkRootProps) => {
  const problem = keyProblem(publishableKey)
  if (problem !== null || publishableKey === null) return <ClerkFailurePage failure={{ cause: problem ?? "missing" }} />
  return (
    <ClerkErrorBoundary>
      <ClerkApp publishableKey={publishableKey}>{children}</ClerkApp>
    </ClerkErrorBoundary>
  )
}

const ClerkApp = ({ publishableKey, children }: { readonly publishableKey: string; readonly children: ReactNode }) => {
  const navigate = useNavigate()
  const frontendApi = frontendApiOf(publishableKey)
  return (
    <ClerkProvider
      publishableKey={publishableKey}
      localization={esES}
      routerPush={(to) => void navigate(to)}
      routerReplace={(to) => void navigate(to, { replace: true })}
      signInUrl="/sign-in"
      signUpUrl="/sign-up"
      signInFallbackRedirectUrl="/"
      signUpFallbackRedirectUrl="/"
      afterSignOutUrl="/sign-in"
    >
      <ClerkLoading>
        <ClerkStarting frontendApi={frontendApi} />
      </ClerkLoading>
      <ClerkFailed>
        <ClerkFailurePage failure={{ cause: "unreachable", frontendApi }} />
      </ClerkFailed>
      <ClerkLoaded>
        <ClerkDegraded>
          <Alert color="yellow" title="Clerk funciona con limitaciones" style={{ position: "fixed", bottom: 16, left: 16, zIndex: 1000, maxWidth: 420 }}>
            El servicio de ingreso informa problemas; podría tener que ingresar de nuevo.
          </Alert>
        </ClerkDegraded>
        <ClerkSession>{children}</ClerkSession>
      </ClerkLoaded>
    </ClerkProvider>
  )
}

/** While clerk-js loads: a loader, then the failure page if it never finishes. */
const ClerkStarting = ({ frontendApi }: { readonly frontendApi: string | null }) => {
  const [timedOut, setTimedOut] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), clerkStartTimeoutMs)
    return () => clearTimeout(timer)
  }, [])
  return timedOut ? (
    <ClerkFailurePage failure={{ cause: "timeout", frontendApi, seconds: clerkStartTimeoutMs / 1000 }} />
  ) : (
    <PageLoader label="Cargando Clerk" />
  )
}

/** Feeds Clerk's session to the auth machine and Clerk's token to API calls. */
const ClerkSession = ({ children }: { readonly children: ReactNode }) => {
  const auth = useClerkAuth()
  const user = useUser()
  const organization = useOrganization()
  const controls = useRef(auth)
  controls.current = auth
  const [{ adapter, update }] = useState(() => createClerkAuthAdapter(() => controls.current))

  // API calls carry Clerk's session token (kept fresh by Clerk), set before any screen can call.
  useEffect(() => setBearerSource(() => controls.current.getToken()), [])

  const session = sessionFromClerk(auth, user, organization)
  useEffect(() => update(session))

  return <AuthProvider adapter={adapter}>{children}</AuthProvider>
}

/** Clerk throwing while it starts (a bad option, a broken clerk-js) shows a page, not a blank screen. */
class ClerkErrorBoundary extends Component<{ readonly children: ReactNode }, { readonly error: Error | null }> {
  override state = { error: null as Error | null }
  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }
  override render() {
    return this.state.error === null ? this.props.children : <ClerkFailurePage failure={{ cause: "crashed", message: this.state.error.message }} />
  }
}

/** Clerk's sign-in form on /sign-in (its steps live under /sign-in/…). */
export const ClerkSignInPage = () => {
  const location = useLocation()
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <SignIn routing="path" path="/sign-in" signUpUrl="/sign-up" fallbackRedirectUrl={returnPath(location.state)} />
    </Center>
  )
}

/** Clerk's sign-up form on /sign-up. */
export const ClerkSignUpPage = () => {
  const location = useLocation()
  return (
    <Center component="main" mih="100dvh" p="md" bg="gray.0">
      <SignUp routing="path" path="/sign-up" signInUrl="/sign-in" fallbackRedirectUrl={returnPath(location.state)} />
    </Center>
  )
}
