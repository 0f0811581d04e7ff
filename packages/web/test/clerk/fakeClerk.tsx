import type { ReactNode } from "react"
import { useSyncExternalStore } from "react"
import { vi } from "vitest"

/**
 * A stand-in for @clerk/react, driven by tests: `clerk.set({...})` changes what Clerk's hooks
 * report and re-renders whoever reads them, as a sign-in, a sign-out or another tab would.
 */
export interface FakeClerkUser {
  readonly id: string
  readonly fullName: string | null
  readonly firstName: string | null
  readonly lastName: string | null
  readonly primaryEmailAddress: { readonly emailAddress: string } | null
  readonly publicMetadata: Record<string, unknown>
}

export interface FakeClerkState {
  readonly status: "loading" | "ready" | "degraded" | "error"
  readonly user: FakeClerkUser | null
  readonly sessionId: string | null
  readonly org: { readonly id: string; readonly role: string; readonly slug: string; readonly permissions: string[] } | null
  readonly actor: Record<string, unknown> | null
  readonly token: string | null
  /** Makes ClerkProvider throw while rendering. */
  readonly crash: string | null
}

const initial: FakeClerkState = { status: "ready", user: null, sessionId: null, org: null, actor: null, token: null, crash: null }

let state: FakeClerkState = initial
const listeners = new Set<() => void>()

export const clerk = {
  get state() {
    return state
  },
  set(patch: Partial<FakeClerkState>) {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  },
  reset() {
    state = initial
    clerk.providerProps = null
    clerk.signInProps = null
    clerk.signUpProps = null
    clerk.signOut.mockClear()
  },
  /** The props the app gave ClerkProvider / SignIn / SignUp. */
  providerProps: null as Record<string, unknown> | null,
  signInProps: null as Record<string, unknown> | null,
  signUpProps: null as Record<string, unknown> | null,
  signOut: vi.fn(async () => {
    clerk.set({ user: null, sessionId: null, org: null, token: null })
  })
}

const useClerkState = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    () => state
  )

const loaded = (s: FakeClerkState) => s.status === "ready" || s.status === "degraded"

/** The module the app imports as "@clerk/react" in these tests. */
export const fakeClerkModule = {
  ClerkProvider: ({ children, ...props }: { children: ReactNode } & Record<string, unknown>) => {
    const s = useClerkState()
    if (s.crash !== null) throw new Error(s.crash)
    clerk.providerProps = props
    return <>{children}</>
  },
  ClerkLoading: ({ children }: { children: ReactNode }) => (useClerkState().status === "loading" ? <>{children}</> : null),
  ClerkLoaded: ({ children }: { children: ReactNode }) => (loaded(useClerkState()) ? <>{children}</> : null),
  ClerkFailed: ({ children }: { children: ReactNode }) => (useClerkState().status === "error" ? <>{children}</> : null),
  ClerkDegraded: ({ children }: { children: ReactNode }) => (useClerkState().status === "degraded" ? <>{children}</> : null),
  SignIn: (props: Record<string, unknown>) => {
    clerk.signInProps = props
    return <section aria-label="Formulario de Clerk: ingresar" />
  },
  SignUp: (props: Record<string, unknown>) => {
    clerk.signUpProps = props
    return <section aria-label="Formulario de Clerk: crear cuenta" />
  },
  useAuth: () => {
    const s = useClerkState()
    const signedIn = loaded(s) && s.user !== null && s.sessionId !== null
    return {
      isLoaded: loaded(s),
      isSignedIn: loaded(s) ? signedIn : undefined,
      userId: signedIn ? s.user!.id : null,
      sessionId: signedIn ? s.sessionId : null,
      orgId: signedIn ? (s.org?.id ?? null) : null,
      orgRole: signedIn ? (s.org?.role ?? null) : null,
      orgSlug: signedIn ? (s.org?.slug ?? null) : null,
      actor: signedIn ? s.actor : null,
      getToken: async () => state.token,
      signOut: clerk.signOut
    }
  },
  useUser: () => {
    const s = useClerkState()
    return { isLoaded: loaded(s), isSignedIn: s.user !== null, user: loaded(s) ? s.user : undefined }
  },
  useOrganization: () => {
    const s = useClerkState()
    return {
      isLoaded: loaded(s),
      organization: s.org === null ? null : { id: s.org.id, slug: s.org.slug },
      membership: s.org === null ? null : { role: s.org.role, permissions: s.org.permissions }
    }
  }
}
