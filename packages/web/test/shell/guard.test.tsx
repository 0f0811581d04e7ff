import { screen, waitFor } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ana, beto, mario, olga } from "../accounts"
import { openAs } from "../signedIn"

const masterCalls = (requests: ReadonlyArray<string>) => requests.filter((r) => / \/api\/family\//.test(r))

describe("route guards", () => {
  it.each([
    ["an operador", olga, "Su rol (Operador) no permite abrir esta página"],
    ["a moderador", mario, "Su rol (Supervisor) no permite abrir esta página"],
    ["an account without a role", beto, "Su cuenta aún no tiene un rol en Palma"]
  ])("shows %s 'Sin acceso' at /masters/family, never the screen nor its calls", async (_, account, text) => {
    const { server, user } = openAs(account, "/masters/family")
    expect(await screen.findByRole("heading", { name: "Sin acceso" })).toBeInTheDocument()
    expect(screen.getByText(text, { exact: false })).toBeInTheDocument()
    expect(masterCalls(server.requests)).toEqual([])

    await user.click(screen.getByRole("link", { name: "Ir al inicio" }))
    expect(await screen.findByRole("heading", { name: `Hola, ${account.fullName}` })).toBeInTheDocument()
    expect(masterCalls(server.requests)).toEqual([])
  })

  it("opens the screen for an administrator", async () => {
    const { server } = openAs(ana, "/masters/family")
    await waitFor(() => expect(masterCalls(server.requests).length).toBeGreaterThan(0))
    expect(screen.queryByRole("heading", { name: "Sin acceso" })).not.toBeInTheDocument()
    expect(screen.getByTestId("page-title")).toHaveTextContent("Familias")
  })

  it("checks again when the session changes: another tab signs in as someone without the role", async () => {
    const { server } = openAs(ana, "/masters/family")
    await waitFor(() => expect(masterCalls(server.requests).length).toBeGreaterThan(0))

    // Another tab signed out and then in as Olga: the shared cookie now belongs to her.
    server.accounts.push(olga)
    server.signedIn = olga
    const before = server.requests.length
    window.dispatchEvent(new StorageEvent("storage", { key: "palma.session.expiresAt", oldValue: null, newValue: String(Date.now() + 600_000), storageArea: localStorage }))

    expect(await screen.findByRole("heading", { name: "Sin acceso" })).toBeInTheDocument()
    expect(masterCalls(server.requests.slice(before))).toEqual([])
  })
})
