import { esES } from "@clerk/localizations"
import { MantineProvider } from "@mantine/core"
import { act, render, screen, waitFor, within } from "@testing-library/react"
import { createMemoryRouter, RouterProvider } from "react-router"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { ClerkRoot, clerkStartTimeoutMs } from "../../src/features/auth/clerk/ClerkRoot"
import { Protect, useHas } from "../../src/features/auth/Protect"
import { ana, olga } from "../accounts"
import { startFakeServer } from "../fakeServer"
import { renderApp } from "../renderApp"
import { clerk, type FakeClerkUser } from "./fakeClerk"

vi.mock("@clerk/react", async () => (await import("./fakeClerk")).fakeClerkModule)

const frontendApi = "palma-test.clerk.accounts.dev"
const publishableKey = `pk_test_${btoa(`${frontendApi}$`)}`

const anaInClerk: FakeClerkUser = {
  id: "user_2ana",
  fullName: "Ana Pérez",
  firstName: "Ana",
  lastName: "Pérez",
  primaryEmailAddress: { emailAddress: ana.email },
  publicMetadata: { roles: { operaciones: "admin" } }
}

/** The Palma server in Clerk mode: it accepts Clerk's session token as the bearer. */
const startClerkServer = (key: string | null = publishableKey) =>
  startFakeServer({ accounts: [ana, olga], auth: { mode: "clerk", publishableKey: key }, bearers: { "clerk-token-ana": ana } })

const signInAna = () => clerk.set({ user: anaInClerk, sessionId: "sess_2ana", token: "clerk-token-ana" })

beforeEach(() => clerk.reset())

describe("Clerk mode", () => {
  it("starts Clerk with the server's publishable key and Spanish texts", async () => {
    startClerkServer()
    renderApp("/sign-in")
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: ingresar" })).toBeInTheDocument()
    expect(clerk.providerProps).toMatchObject({ publishableKey, localization: esES, signInUrl: "/sign-in", signUpUrl: "/sign-up", afterSignOutUrl: "/sign-in" })
    expect(clerk.signInProps).toMatchObject({ routing: "path", path: "/sign-in", signUpUrl: "/sign-up", fallbackRedirectUrl: "/" })
  })

  it("shows Clerk's sign-up form on /sign-up", async () => {
    startClerkServer()
    renderApp("/sign-up")
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: crear cuenta" })).toBeInTheDocument()
    expect(clerk.signUpProps).toMatchObject({ routing: "path", path: "/sign-up", signInUrl: "/sign-in", fallbackRedirectUrl: "/" })
  })

  it("sends a signed-out visitor to Clerk's sign-in, and home once Clerk signs them in", async () => {
    startClerkServer()
    renderApp("/")
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: ingresar" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/sign-in")
    act(signInAna)
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/")
  })

  it("maps Clerk's session and sends Clerk's token as the bearer", async () => {
    const server = startClerkServer()
    signInAna()
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    expect(screen.getByText("Administrador")).toBeInTheDocument()
    expect(screen.getByText(ana.email)).toBeInTheDocument()
    expect(await screen.findByRole("button", { name: "Maestros" })).toBeInTheDocument()
    await waitFor(() => expect(server.requests).toContain("GET /api/district/listAll"))
    const districts = server.log.find((r) => r.path === "/api/district/listAll")!
    expect(districts.headers.get("authorization")).toBe("Bearer clerk-token-ana")
    expect(districts.headers.get("id")).toBe("palma-web")
    // Local mode's endpoints are never used.
    expect(server.requests.filter((r) => r.includes("/api/auth/local/") || r.includes("/api/auth/me"))).toEqual([])
  })

  it("re-checks the page when the session changes: a role taken away shows 'Sin acceso'", async () => {
    startClerkServer()
    signInAna()
    renderApp("/masters/family")
    await waitFor(() => expect(screen.getByTestId("page-title")).toHaveTextContent("Familias"))
    expect(screen.queryByRole("heading", { name: "Sin acceso" })).not.toBeInTheDocument()
    act(() => clerk.set({ user: { ...anaInClerk, publicMetadata: { roles: { operaciones: "user" } } } }))
    expect(await screen.findByRole("heading", { name: "Sin acceso" })).toBeInTheDocument()
  })

  it("returns to the sign-in page when Clerk ends the session (another tab, expiry)", async () => {
    startClerkServer()
    signInAna()
    renderApp("/")
    await screen.findByRole("heading", { name: "Hola, Ana Pérez" })
    act(() => clerk.set({ user: null, sessionId: null, token: null }))
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: ingresar" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/sign-in")
  })

  it("signs out through Clerk from the user menu", async () => {
    startClerkServer()
    signInAna()
    const { user } = renderApp("/")
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }))
    expect(await screen.findByRole("region", { name: "Formulario de Clerk: ingresar" })).toBeInTheDocument()
    expect(clerk.signOut).toHaveBeenCalledTimes(1)
  })

  it("shows the active organization in Mi perfil", async () => {
    startClerkServer()
    clerk.set({ org: { id: "org_1", role: "org:admin", slug: "palma-operaciones", permissions: [] } })
    signInAna()
    const { user } = renderApp("/")
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Mi perfil" }))
    expect(within(await screen.findByRole("dialog", { name: "Mi perfil" })).getByText("palma-operaciones")).toBeInTheDocument()
  })

  it("feeds Clerk's active organization to <Protect> and has()", async () => {
    startClerkServer()
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
    startClerkServer(null)
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "No se pudo iniciar el ingreso" })).toBeInTheDocument()
    expect(screen.getByText(/Falta la clave publicable de Clerk/)).toBeInTheDocument()
    expect(clerk.providerProps).toBeNull()
  })

  it("names an invalid publishable key", async () => {
    startClerkServer("pk_test_no-es-una-clave")
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "No se pudo iniciar el ingreso" })).toBeInTheDocument()
    expect(screen.getByText(/La clave publicable de Clerk no es válida/)).toBeInTheDocument()
  })

  it("says Clerk could not be loaded, naming where from, when clerk-js cannot be fetched", async () => {
    startClerkServer()
    clerk.set({ status: "error" })
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "No se pudo iniciar el ingreso" })).toBeInTheDocument()
    expect(screen.getByText(/No se pudo cargar Clerk/)).toHaveTextContent(frontendApi)
    expect(screen.getByRole("button", { name: "Reintentar" })).toBeInTheDocument()
  })

  it("gives up waiting for Clerk after a while instead of loading forever", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    startClerkServer()
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
    startClerkServer()
    clerk.set({ crash: "ClerkJS: opción inválida" })
    renderApp("/")
    expect(await screen.findByText(/Clerk falló al iniciar/)).toHaveTextContent("ClerkJS: opción inválida")
    consoleError.mockRestore()
  })

  it("warns when Clerk runs degraded, and keeps working", async () => {
    startClerkServer()
    clerk.set({ status: "degraded" })
    signInAna()
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    expect(screen.getByText("Clerk funciona con limitaciones")).toBeInTheDocument()
  })
})
