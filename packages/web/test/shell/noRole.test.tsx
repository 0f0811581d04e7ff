import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { beto } from "../accounts"
import { openAs } from "../signedIn"

describe("signed in without an operaciones role", () => {
  it("has no sidebar, a user button in the header and a message naming the account's email", async () => {
    const { server } = openAs(beto)
    const alert = await screen.findByRole("alert")
    expect(alert).toHaveTextContent("Su cuenta aún no tiene acceso")
    expect(alert).toHaveTextContent("La cuenta beto@palma.cl todavía no tiene un rol en Palma. Pida a un administrador que le dé acceso.")

    expect(screen.queryByRole("navigation", { name: "Menú principal" })).not.toBeInTheDocument()
    expect(screen.queryByRole("button", { name: "Abrir menú" })).not.toBeInTheDocument()
    const header = within(screen.getByRole("banner"))
    expect(header.getByRole("button", { name: "Menú de usuario" })).toBeInTheDocument()
    expect(header.getByText("Palma")).toBeInTheDocument()
    // It may call nothing but its own profile: the comunas are not even asked for.
    expect(server.requests.filter((r) => !r.includes(" /api/auth/"))).toEqual([])
  })

  it("shows its profile from the user button", async () => {
    const { user } = openAs(beto)
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Mi perfil" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Mi perfil" }))
    expect(dialog.getByText("Beto Soto")).toBeInTheDocument()
    expect(dialog.getByText("beto@palma.cl")).toBeInTheDocument()
    expect(dialog.getByText("Sin rol asignado")).toBeInTheDocument()
    await user.click(dialog.getByRole("button", { name: "Cerrar" }))
    expect(screen.queryByRole("dialog", { name: "Mi perfil" })).not.toBeInTheDocument()
  })

  it("signs out from the header's user button", async () => {
    const { user, server } = openAs(beto)
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }))
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(server.signedIn).toBeNull()
  })
})
