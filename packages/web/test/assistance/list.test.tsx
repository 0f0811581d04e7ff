import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { assistances, createAssistance, familyId, openServices } from "./catalog"

const server = useRealServer()

/** What the tests of this file add; the seeded services (demoCatalog.ts) are never changed here. */
const added = { empty: "Armado de bicicleta", noValues: "Orientación en salud", deletable: "Servicio borrable" } as const

const rows = () =>
  within(screen.getByRole("table", { name: "Servicios" }))
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .slice(0, 5)
        .map((cell) => cell.textContent)
    )

const urlParams = () => new URLSearchParams(window.location.search)

describe("Servicios list", () => {
  it("shows each assistance with its family and how many values, specialties and documents it has", async () => {
    await server.signIn("admin@palma.cl")
    await createAssistance(server, { family: "Ciclista", name: added.empty, description: "Sin valores, especialidades ni documentos" })
    await openServices(server)
    expect(await screen.findByRole("heading", { level: 1, name: "Servicios" })).toBeInTheDocument()
    await screen.findByRole("cell", { name: added.empty })
    expect(
      within(screen.getByRole("table", { name: "Servicios" }))
        .getAllByRole("columnheader")
        .map((h) => h.textContent)
    ).toEqual(["Nombre", "Familia", "Valores", "Especialidades", "Documentos", "Acciones"])
    // By name: the seeded services with the seed's counts, and this test's own; what the other
    // tests of this file add does not count.
    expect(rows().filter(([name]) => name !== added.noValues && name !== added.deletable)).toEqual([
      ["Apoyo escolar", "Escolar", "2", "2", "1"],
      ["Armado de bicicleta", "Ciclista", "0", "0", "0"],
      ["Auxilio mecánico", "Vehicular", "3", "3", "1"],
      ["Cerrajería", "Hogar", "2", "1", "2"],
      ["Consulta veterinaria", "Mascotas", "2", "1", "1"],
      ["Electricidad", "Hogar", "2", "1", "2"],
      ["Enfermería a domicilio", "Salud", "1", "1", "2"],
      ["Gasfitería", "Hogar", "2", "1", "2"],
      ["Grúa", "Vehicular", "2", "1", "2"],
      ["Telemedicina", "Salud", "2", "2", "2"],
      ["Traslado de bicicleta", "Ciclista", "1", "2", "1"],
      ["Urgencia veterinaria", "Mascotas", "3", "1", "2"],
      ["Vidriería", "Hogar", "2", "1", "2"]
    ])
  })

  it("searches (accents aside) and filters by family, keeping both in the URL", async () => {
    const { user } = await openServices(server)
    await screen.findByRole("cell", { name: "Grúa" })

    // Only the seeded Cerrajería says "puertas" (in its description).
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "puertas")
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(["Cerrajería"]))
    expect(urlParams().get("search")).toBe("puertas")

    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }))
    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "gasfiteria")
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(["Gasfitería"]))

    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }))
    // Every service again.
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(expect.arrayContaining(["Cerrajería", "Gasfitería", "Grúa", "Telemedicina"])))
    expect(urlParams().has("search")).toBe(false)
    await user.click(await screen.findByRole("combobox", { name: "Filtrar por familia" }))
    await user.click(await screen.findByRole("option", { name: "Vehicular" }))
    await waitFor(() => expect(rows().map((r) => r[0])).toEqual(["Auxilio mecánico", "Grúa"]))
    expect(urlParams().get("family")).toBe(await familyId(server, "Vehicular"))
  })

  it("sorts by the number of values", async () => {
    await server.signIn("admin@palma.cl")
    // Salud's seeded services ask 1 and 2 values; this one none.
    await createAssistance(server, { family: "Salud", name: added.noValues })
    const { user } = await openServices(server, `?family=${await familyId(server, "Salud")}`)
    await screen.findByRole("cell", { name: added.noValues })
    // By name until told otherwise.
    expect(rows().map((r) => [r[0], r[2]])).toEqual([
      ["Enfermería a domicilio", "1"],
      [added.noValues, "0"],
      ["Telemedicina", "2"]
    ])
    await user.click(within(screen.getByRole("columnheader", { name: "Valores" })).getByRole("button", { name: "Valores" }))
    await waitFor(() => expect(rows().map((r) => r[2])).toEqual(["0", "1", "2"]))
    await user.click(within(screen.getByRole("columnheader", { name: "Valores" })).getByRole("button", { name: "Valores" }))
    await waitFor(() => expect(rows().map((r) => r[2])).toEqual(["2", "1", "0"]))
    expect(rows().map((r) => r[0])).toEqual(["Telemedicina", "Enfermería a domicilio", added.noValues])
  })

  it("deletes after confirmation, and says why when a product still covers it", async () => {
    await server.signIn("admin@palma.cl")
    const deletable = await createAssistance(server, { family: "Escolar", name: added.deletable })
    const { user } = await openServices(server)
    // The seeded Gasfitería is covered by the seeded Asistencia Hogar and Asistencia Integral.
    await user.click(await screen.findByRole("button", { name: "Eliminar Gasfitería" }))
    let dialog = await screen.findByRole("dialog", { name: "¿Eliminar Gasfitería?" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await within(dialog).findByText("El servicio está incluido en productos activos: Asistencia Hogar, Asistencia Integral")).toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(screen.getByRole("cell", { name: "Gasfitería" })).toBeInTheDocument()

    // Cancelling asks nothing of the server.
    await user.click(screen.getByRole("button", { name: `Eliminar ${added.deletable}` }))
    dialog = await screen.findByRole("dialog", { name: `¿Eliminar ${added.deletable}?` })
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(server.calls(`DELETE /api/assistance/deleteById/${deletable.id}`)).toEqual([])

    await user.click(screen.getByRole("button", { name: `Eliminar ${added.deletable}` }))
    dialog = await screen.findByRole("dialog", { name: `¿Eliminar ${added.deletable}?` })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Servicio eliminado")).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole("cell", { name: added.deletable })).not.toBeInTheDocument())
    expect(server.calls(`DELETE /api/assistance/deleteById/${deletable.id}`)).toHaveLength(1)
    // Deactivated on the server; the refused one is still there.
    const names = (await assistances(server)).map((a) => a.name)
    expect(names).not.toContain(added.deletable)
    expect(names).toContain("Gasfitería")
  })
})
