import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderMasters, urlParams } from "../masters/renderMasters"
import { catalogSeed } from "./catalogSeed"
import { startAssistanceServer } from "./fakeAssistances"

const seeded = () =>
  startAssistanceServer(
    catalogSeed({
      assistances: [
        { family: "Hogar", name: "Gasfitería urgente", values: ["Dirección", "Fecha del daño"], specialties: ["Gasfitería"], documents: ["Boleta", "Foto del daño"] },
        { family: "Vehicular", name: "Remolque", values: ["Patente"], specialties: ["Grúa"] },
        { family: "Hogar", name: "Cerrajería", description: "Apertura de puertas" }
      ]
    })
  )

const rows = () =>
  within(screen.getByRole("table", { name: "Servicios" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").slice(0, 5).map((cell) => cell.textContent))

describe("Servicios list", () => {
  it("shows each assistance with its family and how many values, specialties and documents it has", async () => {
    seeded()
    renderMasters("/masters/assistance")
    expect(await screen.findByRole("heading", { level: 1, name: "Servicios" })).toBeInTheDocument()
    await screen.findByRole("cell", { name: "Remolque" })
    expect(within(screen.getByRole("table", { name: "Servicios" })).getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Nombre",
      "Familia",
      "Valores",
      "Especialidades",
      "Documentos",
      "Acciones"
    ])
    expect(rows()).toEqual([
      ["Cerrajería", "Hogar", "0", "0", "0"],
      ["Gasfitería urgente", "Hogar", "2", "1", "2"],
      ["Remolque", "Vehicular", "1", "1", "0"]
    ])
  })

  it("searches (accents aside) and filters by family, keeping both in the URL", async () => {
    const server = seeded()
    const { user } = renderMasters("/masters/assistance")
    await screen.findByRole("cell", { name: "Remolque" })

    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "puertas")
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(["Cerrajería"]))
    expect(urlParams().get("search")).toBe("puertas")

    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }))
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "gasfiteria")
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(["Gasfitería urgente"]))

    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }))
    await waitFor(() => expect(rows()).toHaveLength(3))
    await user.click(screen.getByRole("combobox", { name: "Filtrar por familia" }))
    await user.click(await screen.findByRole("option", { name: "Vehicular" }))
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(["Remolque"]))
    expect(urlParams().get("family")).toBe(server.masterId("family", "Vehicular"))
  })

  it("sorts by the number of values", async () => {
    seeded()
    const { user } = renderMasters("/masters/assistance")
    await screen.findByRole("cell", { name: "Remolque" })
    await user.click(within(screen.getByRole("columnheader", { name: "Valores" })).getByRole("button", { name: "Valores" }))
    await waitFor(() => expect(rows().map((r) => r[2])).toEqual(["0", "1", "2"]))
    await user.click(within(screen.getByRole("columnheader", { name: "Valores" })).getByRole("button", { name: "Valores" }))
    await waitFor(() => expect(rows().map((r) => r[2])).toEqual(["2", "1", "0"]))
  })

  it("deletes after confirmation, and says why when a product still covers it", async () => {
    const server = seeded()
    server.coveredBy.set(server.assistanceId("Remolque"), "Auto Full")
    const { user } = renderMasters("/masters/assistance")
    await user.click(await screen.findByRole("button", { name: "Eliminar Remolque" }))
    let dialog = await screen.findByRole("dialog", { name: "¿Eliminar Remolque?" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await within(dialog).findByText("No se puede eliminar: el producto «Auto Full» cubre este servicio")).toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())

    await user.click(screen.getByRole("button", { name: "Eliminar Cerrajería" }))
    dialog = await screen.findByRole("dialog", { name: "¿Eliminar Cerrajería?" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Servicio eliminado")).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Cerrajería" })).not.toBeInTheDocument())
    expect(server.catalogCalls(`DELETE /api/assistance/deleteById/${server.assistanceId("Cerrajería")}`)).toHaveLength(1)
  })
})
