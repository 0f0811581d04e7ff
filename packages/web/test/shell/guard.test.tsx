import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { admin, guest, moderator, operator } from "../accounts"
import { type RecordedRequest, useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()
// The session cookie outlives a test; each one signs in as its own account.
afterEach(() => server.signOut())

const masterCalls = (requests: ReadonlyArray<RecordedRequest>) => requests.filter((r) => r.path.startsWith("/api/family/"))

describe("route guards", () => {
  it.each([
    ["an operador", operator, "Su rol (Operador) no permite abrir esta página"],
    ["a moderador", moderator, "Su rol (Supervisor) no permite abrir esta página"],
    ["an account without a role", guest, "Su cuenta aún no tiene un rol en Palma"]
  ])("shows %s 'Sin acceso' at /masters/family, never the screen nor its calls", async (_, account, text) => {
    const { user } = await openAs(server, account, "/masters/family")
    expect(await screen.findByRole("heading", { name: "Sin acceso" })).toBeInTheDocument()
    expect(screen.getByText(text, { exact: false })).toBeInTheDocument()
    expect(masterCalls(server.requests)).toEqual([])

    await user.click(screen.getByRole("link", { name: "Ir al inicio" }))
    expect(await screen.findByRole("heading", { name: `Hola, ${account.fullName}` })).toBeInTheDocument()
    expect(masterCalls(server.requests)).toEqual([])
  })

  it("opens the screen for an administrator", async () => {
    await openAs(server, admin, "/masters/family")
    // The server's own families, so the screen really loaded.
    expect(await screen.findByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    expect(masterCalls(server.requests).length).toBeGreaterThan(0)
    expect(screen.queryByRole("heading", { name: "Sin acceso" })).not.toBeInTheDocument()
    expect(screen.getByTestId("page-title")).toHaveTextContent("Familias")
  })

  it("checks again when the session changes: another tab signs in as someone without the role", async () => {
    await openAs(server, admin, "/masters/family")
    await screen.findByRole("cell", { name: "Hogar" })

    // Another tab signed in as the operador: the shared cookie is now hers, and that tab's
    // storage write reaches this one as an event.
    await server.signIn(operator.email)
    const before = server.requests.length
    window.dispatchEvent(
      new StorageEvent("storage", { key: "palma.session.expiresAt", oldValue: null, newValue: String(Date.now() + 600_000), storageArea: localStorage })
    )

    expect(await screen.findByRole("heading", { name: "Sin acceso" })).toBeInTheDocument()
    expect(screen.getByText("Su rol (Operador) no permite abrir esta página", { exact: false })).toBeInTheDocument()
    expect(masterCalls(server.requests.slice(before))).toEqual([])
  })
})
