import { screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { guest } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()
// The session cookie outlives a test; each one signs in again.
afterEach(() => server.signOut())

describe("signed in without an operaciones role", () => {
  it("has no sidebar, a user button in the header and a message naming the account's email", async () => {
    await openAs(server, guest)
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Su cuenta aún no tiene acceso")
    expect(alert).toHaveTextContent(`La cuenta ${guest.email} todavía no tiene un rol en Palma. Pida a un administrador que le dé acceso.`)

    expect(screen.queryByRole("navigation", { name: "Menú principal" })).not.toBeInTheDocument()
    expect(screen.queryByRole("button", { name: "Abrir menú" })).not.toBeInTheDocument()
    const header = within(screen.getByRole("banner"))
    expect(header.getByRole("button", { name: "Menú de usuario" })).toBeInTheDocument()
    expect(header.getByText("Palma")).toBeInTheDocument()
    // It may call nothing but its own profile: the comunas are not even asked for.
    expect(server.requests.filter((r) => !r.path.startsWith("/api/auth/"))).toEqual([])
  })

  it("shows its profile from the user button", async () => {
    const { user } = await openAs(server, guest)
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Mi perfil" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Mi perfil" }))
    expect(dialog.getByText(guest.fullName)).toBeInTheDocument()
    expect(dialog.getByText(guest.email)).toBeInTheDocument()
    expect(dialog.getByText("Sin rol asignado")).toBeInTheDocument()
    await user.click(dialog.getByRole("button", { name: "Cerrar" }))
    expect(screen.queryByRole("dialog", { name: "Mi perfil" })).not.toBeInTheDocument()
  })

  it("signs out from the header's user button", async () => {
    const { user } = await openAs(server, guest)
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }))
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(server.calls("POST /api/auth/local/sign-out")).toHaveLength(1)
    await expect(server.api("GET", "/api/auth/me")).rejects.toThrow(/401/)
  })
})
