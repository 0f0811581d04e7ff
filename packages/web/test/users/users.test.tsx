import type { ManagedUser, Page } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin, operator } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()

const table = () => within(screen.getByRole("table", { name: "Usuarios" }))
const rowOf = async (name: string) => within((await screen.findByRole("cell", { name })).closest("tr")!)
const listed = (search: string) => server.api<Page<ManagedUser>>("GET", `/api/auth/local/users?search=${encodeURIComponent(search)}`)

/** A user of the test's own, created by the signed-in admin through the real API. */
const createUser = (email: string, fullName: string) =>
  server.api<ManagedUser>("POST", "/api/auth/local/users", { email, fullName, role: "user", password: "clave-segura-1" })

describe("Usuarios", () => {
  it("lists the accounts and searches them on the server, without accents, keeping the search in the URL", async () => {
    const { user } = await openAs(server, admin, "/entities/users")
    expect(await screen.findByRole("heading", { level: 1, name: "Usuarios" })).toBeInTheDocument()
    const olga = await rowOf(operator.fullName)
    expect(olga.getByRole("cell", { name: operator.email })).toBeInTheDocument()
    expect(olga.getByRole("combobox", { name: `Rol de ${operator.fullName}` })).toHaveValue("user")
    expect(olga.getByText("Activo")).toBeInTheDocument()

    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "matias")
    await waitFor(() => expect(table().getAllByRole("row")).toHaveLength(2))
    expect(table().getByRole("cell", { name: "Matías Supervisor" })).toBeInTheDocument()
    expect(window.location.search).toBe("?q=matias")
    expect(server.calls("GET /api/auth/local/users").at(-1)!.params.get("search")).toBe("matias")

    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }))
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "nadie-con-este-nombre")
    expect(await screen.findByText("No hay usuarios")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Limpiar búsqueda" }))
    expect(await rowOf(admin.fullName)).toBeTruthy()
  })

  it("changes a role on the server, and refuses to leave Palma without an admin", async () => {
    await server.signIn(admin.email, admin.password)
    await createUser("rita@palma.cl", "Rita Rol")
    const { user } = await openAs(server, admin, "/entities/users?q=rita%40")
    const rita = await rowOf("Rita Rol")
    await user.selectOptions(rita.getByRole("combobox", { name: "Rol de Rita Rol" }), "moderator")
    expect(await screen.findByText("Rol actualizado")).toBeInTheDocument()
    await waitFor(async () => expect((await listed("rita@")).items[0]?.role).toBe("moderator"))
    expect(server.calls("PUT /api/auth/local/users/" + (await listed("rita@")).items[0]!.id + "/role").map((r) => r.body)).toEqual([{ role: "moderator" }])

    // The demo admin is the only one: the server refuses, the screen says why and keeps the role shown.
    await user.clear(await screen.findByRole("searchbox", { name: "Buscar" }))
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "admin@")
    const ana = await rowOf(admin.fullName)
    await user.selectOptions(ana.getByRole("combobox", { name: `Rol de ${admin.fullName}` }), "none")
    expect(await screen.findByText(/al menos un administrador activo/)).toBeInTheDocument()
    await waitFor(async () => expect((await rowOf(admin.fullName)).getByRole("combobox", { name: `Rol de ${admin.fullName}` })).toHaveValue("admin"))
  })

  it("disables an account only after confirming, and enables it again", async () => {
    await server.signIn(admin.email, admin.password)
    await createUser("dora@palma.cl", "Dora Desactivada")
    const { user } = await openAs(server, admin, "/entities/users?q=dora")
    const dora = await rowOf("Dora Desactivada")

    await user.click(dora.getByRole("button", { name: "Desactivar a Dora Desactivada" }))
    const dialog = within(await screen.findByRole("dialog", { name: "¿Desactivar a Dora Desactivada?" }))
    expect(dialog.getByText(/sus sesiones abiertas se cerrarán/)).toBeInTheDocument()
    await user.click(dialog.getByRole("button", { name: "Cancelar" }))
    expect(server.calls(`POST /api/auth/local/users/${(await listed("dora@")).items[0]!.id}/disable`)).toEqual([])

    await user.click(dora.getByRole("button", { name: "Desactivar a Dora Desactivada" }))
    await user.click(within(await screen.findByRole("dialog", { name: "¿Desactivar a Dora Desactivada?" })).getByRole("button", { name: "Desactivar" }))
    expect(await screen.findByText("Usuario desactivado: sus sesiones se cerraron")).toBeInTheDocument()
    expect(await (await rowOf("Dora Desactivada")).findByText("Desactivado")).toBeInTheDocument()
    expect((await listed("dora@")).items[0]?.disabled).toBe(true)

    await user.click((await rowOf("Dora Desactivada")).getByRole("button", { name: "Activar a Dora Desactivada" }))
    await user.click(within(await screen.findByRole("dialog", { name: "¿Activar a Dora Desactivada?" })).getByRole("button", { name: "Activar" }))
    expect(await screen.findByText("Usuario activado")).toBeInTheDocument()
    await waitFor(async () => expect((await listed("dora@")).items[0]?.disabled).toBe(false))
  })
})
