import { esES } from "@clerk/localizations"
import { MantineProvider } from "@mantine/core"
import { act, render, screen, waitFor, within } from "@testing-library/react"
import { generateKeyPairSync, sign } from "node:crypto"
import { createMemoryRouter, RouterProvider } from "react-router"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { ClerkRoot, clerkStartTimeoutMs } from "../../src/features/auth/clerk/ClerkRoot"
import { Protect, useHas } from "../../src/lib/auth/Protect"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { clerk, type FakeClerkUser } from "./fakeClerk"

// Clerk's hosted service is out of reach here: fakeClerk.tsx stands in for its React SDK. Our
// server is the real one, in Clerk mode.
vi.mock("@clerk/react", async () => (await import("./fakeClerk")).fakeClerkModule)

const frontendApi = "palma-test.clerk.accounts.dev"
const publishableKey = `pk_test_${btoa(`${frontendApi}$`)}`
/** Where Clerk's tokens say they were asked for (`azp`): the web's origin in development. */
const webOrigin = "http://localhost:5173"

/**
 * Session tokens shaped like Clerk's (v2), signed here with a key whose public half the server
 * is given as CLERK_JWT_KEY: the real verification, networkless (as the server's clerkMode.test.ts).
 */
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")
const clerkToken = (claims: Record<string, unknown>) => {
  const now = Math.floor(Date.now() / 1000)
  const header = b64({ alg: "RS256", typ: "JWT", kid: "ins_test" })
  const payload = b64({ iss: `https://${frontendApi}`, azp: webOrigin, iat: now, nbf: now - 5, exp: now + 300, v: 2, ...claims })
  return `${header}.${payload}.${sign("sha256", Buffer.from(`${header}.${payload}`), privateKey).toString("base64url")}`
}

const server = useRealServer({
  env: {
    CLERK_PUBLISHABLE_KEY: publishableKey,
    CLERK_JWT_KEY: publicKey.export({ type: "spki", format: "pem" }).toString(),
    CLERK_AUTHORIZED_PARTIES: webOrigin
  }
})

const anaInClerk: FakeClerkUser = {
  id: "user_2ana",
  fullName: "Ana Pérez",
  firstName: "Ana",
  lastName: "Pérez",
  primaryEmailAddress: { emailAddress: "ana@palma.cl" },
  publicMetadata: { roles: { operaciones: "admin" } }
}

/** Clerk signs Ana in: its hooks report her, and its token carries her role for our server. */
const signInAna = () =>
  clerk.set({ user: anaInClerk, sessionId: "sess_2ana", token: clerkToken({ sub: anaInClerk.id, sid: "sess_2ana", publicMeta: anaInClerk.publicMetadata }) })

/**
 * What our server answers about its sign-in setup, with the publishable key changed: the real
 * server refuses to start without a valid one, so a broken key only comes from a broken deployment.
 */
const serveKey = (key: string | null) =>
  server.override.set("GET /api/auth/config", async (forward) => {
    const config = (await (await forward()).json()) as Record<string, unknown>
    return new Response(JSON.stringify({ ...config, publishableKey: key }), { status: 200, headers: { "content-type": "application/json" } })
  })

beforeEach(() => clerk.reset())

describe("Clerk mode", () => {
  it("starts Clerk with the server's publishable key and Spanish texts", async () => {
    renderApp("/sign-in")
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: ingresar" })).toBeInTheDocument()
    expect(clerk.providerProps).toMatchObject({ publishableKey, localization: esES, signInUrl: "/sign-in", signUpUrl: "/sign-up", afterSignOutUrl: "/sign-in" })
    expect(clerk.signInProps).toMatchObject({ routing: "path", path: "/sign-in", signUpUrl: "/sign-up", fallbackRedirectUrl: "/" })
  })

  it("shows Clerk's sign-up form on /sign-up", async () => {
    renderApp("/sign-up")
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: crear cuenta" })).toBeInTheDocument()
    expect(clerk.signUpProps).toMatchObject({ routing: "path", path: "/sign-up", signInUrl: "/sign-in", fallbackRedirectUrl: "/" })
  })

  it("sends a signed-out visitor to Clerk's sign-in, and home once Clerk signs them in", async () => {
    renderApp("/")
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: ingresar" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/sign-in")
    act(signInAna)
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/")
  })

  it("maps Clerk's session and sends Clerk's token as the bearer", async () => {
    // The server's verdict on the bearer, passed on unchanged.
    const statuses: number[] = []
    server.override.set("GET /api/district/listAll", async (forward) => {
      const answer = await forward()
      statuses.push(answer.status)
      return answer
    })
    signInAna()
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    expect(screen.getByText("Administrador")).toBeInTheDocument()
    expect(screen.getByText("ana@palma.cl")).toBeInTheDocument()
    expect(await screen.findByRole("button", { name: "Maestros" })).toBeInTheDocument()
    await waitFor(() => expect(statuses).toEqual([200]))
    const [districts] = server.calls("GET /api/district/listAll")
    expect(districts!.headers.get("authorization")).toBe(`Bearer ${clerk.state.token}`)
    expect(districts!.headers.get("id")).toBe("palma-web")
    // Local mode's endpoints are never used.
    expect(server.requests.filter((r) => r.path.startsWith("/api/auth/local/") || r.path === "/api/auth/me")).toEqual([])
  })

  it("re-checks the page when the session changes: a role taken away shows 'Sin acceso'", async () => {
    signInAna()
    renderApp("/masters/family")
    await waitFor(() => expect(screen.getByTestId("page-title")).toHaveTextContent("Familias"))
    // The server took the role from Clerk's token and answered with its families.
    expect(await screen.findByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    expect(screen.queryByRole("heading", { name: "Sin acceso" })).not.toBeInTheDocument()
    act(() => clerk.set({ user: { ...anaInClerk, publicMetadata: { roles: { operaciones: "user" } } } }))
    expect(await screen.findByRole("heading", { name: "Sin acceso" })).toBeInTheDocument()
  })

  it("returns to the sign-in page when Clerk ends the session (another tab, expiry)", async () => {
    signInAna()
    renderApp("/")
    await screen.findByRole("heading", { name: "Hola, Ana Pérez" })
    act(() => clerk.set({ user: null, sessionId: null, token: null }))
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: ingresar" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/sign-in")
  })

  it("signs out through Clerk from the user menu", async () => {
    signInAna()
    const { user } = renderApp("/")
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }))
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: ingresar" })).toBeInTheDocument()
    expect(clerk.signOut).toHaveBeenCalledTimes(1)
  })

  it("shows the active organization in Mi perfil", async () => {
    clerk.set({ org: { id: "org_1", role: "org:admin", slug: "palma-operaciones", permissions: [] } })
    signInAna()
    const { user } = renderApp("/")
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Mi perfil" }))
    expect(within(await screen.findByRole("dialog", { name: "Mi perfil" })).getByText("palma-operaciones")).toBeInTheDocument()
  })

  it("feeds Clerk's active organization to <Protect> and has()", async () => {
    signInAna()
    const Probe = () => {
      const check = useHas()
      return <p>{`puede exportar: ${check({ permission: "org:cases:export" }) ? "sí" : "no"}`}</p>
    }
    const router = createMemoryRouter([
      {
        path: "/",
        element: (
          <ClerkRoot publishableKey={publishableKey}>
            <Protect role="org:admin" fallback={<p>Solo administradores de la organización</p>}>
              <p>Panel de la organización</p>
            </Protect>
            <Probe />
          </ClerkRoot>
        )
      }
    ])
    render(
      <MantineProvider env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    )
    // Signed in without an active organization: false.
    expect(await screen.findByText("Solo administradores de la organización")).toBeInTheDocument()
    expect(screen.getByText("puede exportar: no")).toBeInTheDocument()

    act(() => clerk.set({ org: { id: "org_1", role: "org:admin", slug: "palma", permissions: ["org:cases:export"] } }))
    expect(await screen.findByText("Panel de la organización")).toBeInTheDocument()
    expect(screen.getByText("puede exportar: sí")).toBeInTheDocument()

    act(() => clerk.set({ org: { id: "org_1", role: "org:member", slug: "palma", permissions: [] } }))
    expect(await screen.findByText("Solo administradores de la organización")).toBeInTheDocument()
    expect(screen.getByText("puede exportar: no")).toBeInTheDocument()
  })
})

describe("Clerk start-up failures", () => {
  afterEach(() => vi.useRealTimers())

  it("names a missing publishable key", async () => {
    serveKey(null)
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "No se pudo iniciar el ingreso" })).toBeInTheDocument()
    expect(screen.getByText(/Falta la clave publicable de Clerk/)).toBeInTheDocument()
    expect(clerk.providerProps).toBeNull()
  })

  it("names an invalid publishable key", async () => {
    serveKey("pk_test_no-es-una-clave")
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "No se pudo iniciar el ingreso" })).toBeInTheDocument()
    expect(screen.getByText(/La clave publicable de Clerk no es válida/)).toBeInTheDocument()
  })

  it("says Clerk could not be loaded, naming where from, when clerk-js cannot be fetched", async () => {
    clerk.set({ status: "error" })
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "No se pudo iniciar el ingreso" })).toBeInTheDocument()
    expect(screen.getByText(/No se pudo cargar Clerk/)).toHaveTextContent(frontendApi)
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeInTheDocument()
  })

  it("gives up waiting for Clerk after a while instead of loading forever", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    clerk.set({ status: "loading" })
    renderApp("/")
    expect(await screen.findByRole("status", { name: "Cargando Clerk" })).toBeInTheDocument()
    // Let the wait start (effects run after the loader shows).
    await act(async () => {})
    act(() => vi.advanceTimersByTime(clerkStartTimeoutMs - 1_000))
    expect(screen.getByRole("status", { name: "Cargando Clerk" })).toBeInTheDocument()
    act(() => vi.advanceTimersByTime(1_000))
    expect(await screen.findByText(/No se pudo cargar Clerk: después de 20 segundos/)).toHaveTextContent(frontendApi)
  })

  it("shows what Clerk threw instead of a blank screen", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {})
    clerk.set({ crash: "ClerkJS: opción inválida" })
    renderApp("/")
    expect(await screen.findByText(/Clerk falló al iniciar/)).toHaveTextContent("ClerkJS: opción inválida")
    consoleError.mockRestore()
  })

  it("warns when Clerk runs degraded, and keeps working", async () => {
    clerk.set({ status: "degraded" })
    signInAna()
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    expect(screen.getByText("Clerk funciona con limitaciones")).toBeInTheDocument()
  })
})
