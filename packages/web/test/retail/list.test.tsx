import type { Retail } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, austral, retailNamed, createRetail, signInAdmin, uploadLogo, writes } from "./seed"

const server = useRealServer()

const table = () => within(screen.getByRole("table", { name: "Canales" }))
const names = () =>
  table()
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[2]!.textContent)

/** The demo catalog's retails, by name; no test of this file changes them. */
const seeded = ["Canal Web Palma", "Corredora Pacífico", "Tarjeta Banco Austral", "Tiendas Andes"]

describe("Canales", () => {
  it("lists the retails with their logo, RUT formatted, comuna and contact", async () => {
    await signInAdmin(server)
    const retail = await retailNamed(server, austral.name)
    await uploadLogo(retail.id)
    arranged(server)
    renderApp("/entities/retail")
    expect(await screen.findByRole("heading", { level: 1, name: "Canales" })).toBeInTheDocument()
    const row = within((await screen.findByRole("cell", { name: austral.shown })).closest("tr")!)
    // The server answers an uploaded logo as its own address.
    expect(row.getByRole("img", { name: "Logo de Tarjeta Banco Austral" })).toHaveAttribute("src", `/api/retail/logo/${retail.id}`)
    expect(row.getByRole("link", { name: "Tarjeta Banco Austral" })).toHaveAttribute("href", `/entities/retail/${retail.id}`)
    expect(row.getByRole("cell", { name: "Santiago" })).toBeInTheDocument()
    expect(row.getByRole("cell", { name: "convenios@bancoaustral.cl" })).toBeInTheDocument()
    expect(row.getByRole("cell", { name: "+56 2 2600 4000" })).toBeInTheDocument()
    // A retail without a logo shows its initials instead.
    const andes = within(screen.getByRole("cell", { name: "76.512.340-2" }).closest("tr")!)
    expect(andes.queryByRole("img")).not.toBeInTheDocument()
    expect(andes.getByText("TA")).toBeInTheDocument()
    // A CUT code with its leading zero (05109) still finds its comuna.
    const pacifico = within(screen.getByRole("cell", { name: "77.345.670-4" }).closest("tr")!)
    expect(pacifico.getByRole("cell", { name: "Viña del Mar" })).toBeInTheDocument()
    // By name; retails other tests of this file create do not count.
    expect(names().filter((name) => seeded.includes(name ?? ""))).toEqual(seeded)
    // A page at a time from the server, never the whole table.
    expect(server.calls("GET /api/retail/page").at(-1)!.params.get("pageSize")).toBe("20")
    expect(server.calls("GET /api/retail/getAll")).toEqual([])
  })

  it("searches on the server by RUT or by name", async () => {
    await signInAdmin(server)
    arranged(server)
    const { user } = renderApp("/entities/retail")
    await screen.findByRole("cell", { name: austral.shown })
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "77.345")
    await waitFor(() => expect(names()).toEqual(["Corredora Pacífico"]))
    expect(server.calls("GET /api/retail/page").map((r) => r.params.get("search"))).toContain("77.345")

    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }))
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "andes")
    await waitFor(() => expect(names()).toEqual(["Tiendas Andes"]))
    // Words without digits only search names (on the server).
    expect(server.calls("GET /api/retail/page").at(-1)!.params.get("search")).toBe("andes")
    expect(new URLSearchParams(window.location.search).get("search")).toBe("andes")
  })

  it("deletes a retail only after confirmation", async () => {
    await signInAdmin(server)
    const doomed = await createRetail(server, "76111111-6", "Canal Por Cerrar")
    arranged(server)
    const { user } = renderApp("/entities/retail")
    await screen.findByRole("cell", { name: "76.111.111-6" })
    await user.click(screen.getByRole("button", { name: "Eliminar Canal Por Cerrar" }))
    const dialog = await screen.findByRole("dialog", { name: "¿Eliminar Canal Por Cerrar?" })
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(writes(server)).toEqual([])

    await user.click(screen.getByRole("button", { name: "Eliminar Canal Por Cerrar" }))
    await user.click(within(await screen.findByRole("dialog", { name: "¿Eliminar Canal Por Cerrar?" })).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Canal eliminado")).toBeInTheDocument()
    await waitFor(() => expect(names()).not.toContain("Canal Por Cerrar"))
    expect(names()).toContain("Tarjeta Banco Austral")
    expect(writes(server).map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/retail/deleteById/${doomed.id}`])
    // The server no longer lists it.
    expect((await server.api<ReadonlyArray<Retail>>("GET", "/api/retail/getAll")).map((c) => c.name)).not.toContain("Canal Por Cerrar")
  })

  it("opens a retail's page from Editar, and a new one from Nuevo canal", async () => {
    await signInAdmin(server)
    const retail = await retailNamed(server, "Tiendas Andes")
    const { user } = renderApp("/entities/retail")
    await screen.findByRole("cell", { name: austral.shown })
    await user.click(screen.getByRole("button", { name: "Editar Tiendas Andes" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Tiendas Andes" })).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/entities/retail/${retail.id}`)
    await user.click(screen.getByRole("link", { name: "Volver a Canales" }))
    await user.click(await screen.findByRole("button", { name: "Nuevo canal" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Nuevo canal" })).toBeInTheDocument()
    expect(screen.getByText("Guarde el canal para agregar su logo y sus planes.")).toBeInTheDocument()
  })
})
