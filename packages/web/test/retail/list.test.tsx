import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderApp } from "../renderApp"
import { startCatalogServer } from "./fakeCatalog"
import { bancoSur, catalog, tiendaNorte } from "./seed"

const table = () => within(screen.getByRole("table", { name: "Canales" }))
const names = () =>
  table()
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell")[2]!.textContent)

describe("Canales", () => {
  it("lists the channels with their logo, RUT formatted, comuna and contact", async () => {
    const server = startCatalogServer({ ...catalog, channels: [{ ...bancoSur, logo: `/api/retail/logo/${bancoSur.id}` }, tiendaNorte] })
    renderApp("/entities/retail")
    expect(await screen.findByRole("heading", { level: 1, name: "Canales" })).toBeInTheDocument()
    const row = within((await screen.findByRole("cell", { name: "76.086.428-5" })).closest("tr")!)
    expect(row.getByRole("img", { name: "Logo de Banco Sur" })).toHaveAttribute("src", `/api/retail/logo/${bancoSur.id}`)
    expect(row.getByRole("link", { name: "Banco Sur" })).toHaveAttribute("href", `/entities/retail/${bancoSur.id}`)
    expect(row.getByRole("cell", { name: "Santiago" })).toBeInTheDocument()
    expect(row.getByRole("cell", { name: "canales@bancosur.cl" })).toBeInTheDocument()
    expect(row.getByRole("cell", { name: "+56 2 2345 6789" })).toBeInTheDocument()
    // A CUT code kept with its leading zero still finds its comuna.
    const norte = within(screen.getByRole("cell", { name: "96.509.660-4" }).closest("tr")!)
    expect(norte.getByRole("cell", { name: "Valparaíso" })).toBeInTheDocument()
    expect(names()).toEqual(["Banco Sur", "Tienda Norte"])
    expect(server.calls("GET /api/retail/getAll").length).toBeGreaterThan(0)
  })

  it("searches on the server by RUT or by name", async () => {
    const server = startCatalogServer(catalog)
    const { user } = renderApp("/entities/retail")
    await screen.findByRole("cell", { name: "76.086.428-5" })
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "96.509")
    await waitFor(() => expect(names()).toEqual(["Tienda Norte"]))
    expect(server.calls("POST /api/retail/getBySearchValues").map((r) => r.body)).toContainEqual({ rut: "96.509", name: null })

    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }))
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "sur")
    await waitFor(() => expect(names()).toEqual(["Banco Sur"]))
    // Words without digits only search names.
    expect(server.calls("POST /api/retail/getBySearchValues").at(-1)!.body).toEqual({ rut: null, name: "sur" })
    expect(new URLSearchParams(window.location.search).get("search")).toBe("sur")
  })

  it("deletes a channel only after confirmation", async () => {
    const server = startCatalogServer(catalog)
    const { user } = renderApp("/entities/retail")
    await screen.findByRole("cell", { name: "76.086.428-5" })
    await user.click(screen.getByRole("button", { name: "Eliminar Banco Sur" }))
    const dialog = await screen.findByRole("dialog", { name: "¿Eliminar Banco Sur?" })
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(server.writes()).toEqual([])

    await user.click(screen.getByRole("button", { name: "Eliminar Banco Sur" }))
    await user.click(within(await screen.findByRole("dialog", { name: "¿Eliminar Banco Sur?" })).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Canal eliminado")).toBeInTheDocument()
    await waitFor(() => expect(names()).toEqual(["Tienda Norte"]))
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/retail/deleteById/${bancoSur.id}`])
  })

  it("opens a channel's page from Editar, and a new one from Nuevo canal", async () => {
    startCatalogServer(catalog)
    const { user } = renderApp("/entities/retail")
    await screen.findByRole("cell", { name: "76.086.428-5" })
    await user.click(screen.getByRole("button", { name: "Editar Banco Sur" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Banco Sur" })).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/entities/retail/${bancoSur.id}`)
    await user.click(screen.getByRole("link", { name: "Volver a Canales" }))
    await user.click(await screen.findByRole("button", { name: "Nuevo canal" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Nuevo canal" })).toBeInTheDocument()
    expect(screen.getByText("Guarde el canal para agregar su logo y sus planes.")).toBeInTheDocument()
  })
})
