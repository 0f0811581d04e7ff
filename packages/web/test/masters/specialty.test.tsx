import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { startMasterServer } from "./fakeMasters"
import { renderMasters, urlParams } from "./renderMasters"

const seed = () =>
  startMasterServer({
    family: [{ name: "Hogar" }, { name: "Salud" }],
    specialty: []
  })

const withSpecialties = () => {
  const server = seed()
  const hogar = server.idOf("family", "Hogar")
  const salud = server.idOf("family", "Salud")
  server.rows.set("specialty", [
    { id: "10000000-0000-4000-8000-000000000001", isActive: true, family_id: hogar, name: "Gasfitería", description: "Filtraciones" },
    { id: "10000000-0000-4000-8000-000000000002", isActive: true, family_id: salud, name: "Telemedicina", description: "" }
  ])
  return { server, hogar, salud }
}

describe("specialties", () => {
  it("creates with a family chosen from the family picker", async () => {
    const server = seed()
    const { user } = renderMasters("/masters/specialty")
    await screen.findByText("No hay registros")
    await user.click(screen.getByRole("button", { name: "Nueva especialidad" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva especialidad" })

    // Nothing chosen: the schema asks for the family and the name, and nothing is sent.
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findAllByText("Este campo es obligatorio")).toHaveLength(2)
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveAttribute("aria-invalid", "true")
    expect(server.requests.filter((r) => r.method === "POST")).toEqual([])

    await user.click(within(dialog).getByRole("combobox", { name: "Familia" }))
    await user.click(await within(dialog).findByRole("option", { name: "Hogar" }))
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Gasfitería")
    await user.type(within(dialog).getByRole("textbox", { name: "Descripción" }), "Filtraciones y cañerías")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))

    expect(await screen.findByText("Especialidad creada")).toBeInTheDocument()
    const row = (await screen.findByRole("cell", { name: "Gasfitería" })).closest("tr")!
    expect(within(row).getByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    expect(server.calls("POST /api/specialty/create").map((r) => r.body)).toEqual([
      { family_id: server.idOf("family", "Hogar"), name: "Gasfitería", description: "Filtraciones y cañerías" }
    ])
  })

  it("loads the families once for the filter and every form", async () => {
    const { server } = withSpecialties()
    const { user } = renderMasters("/masters/specialty")
    await screen.findByRole("cell", { name: "Gasfitería" })
    for (const button of ["Nueva especialidad", "Editar Gasfitería", "Nueva especialidad"]) {
      await user.click(screen.getByRole("button", { name: button }))
      const dialog = await screen.findByRole("dialog")
      await user.click(within(dialog).getByRole("combobox", { name: "Familia" }))
      expect(await within(dialog).findByRole("option", { name: "Salud" })).toBeInTheDocument()
      await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
      await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    }
    expect(server.calls("GET /api/family/list")).toHaveLength(1)
  })

  it("edits with the item's family preselected", async () => {
    const { server, salud } = withSpecialties()
    const { user } = renderMasters("/masters/specialty")
    await user.click(await screen.findByRole("button", { name: "Editar Gasfitería" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar especialidad" })
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Hogar")
    expect(within(dialog).getByRole("textbox", { name: "Descripción" })).toHaveValue("Filtraciones")
    await user.click(within(dialog).getByRole("combobox", { name: "Familia" }))
    await user.click(await within(dialog).findByRole("option", { name: "Salud" }))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Especialidad actualizada")).toBeInTheDocument()
    expect(server.calls("PUT /api/specialty/update/10000000-0000-4000-8000-000000000001").map((r) => r.body)).toEqual([
      { family_id: salud, name: "Gasfitería", description: "Filtraciones" }
    ])
  })

  it("filters by family on the server, keeping the family in the URL", async () => {
    const { server, salud } = withSpecialties()
    const { user } = renderMasters("/masters/specialty")
    await screen.findByRole("cell", { name: "Gasfitería" })
    await user.click(screen.getByRole("combobox", { name: "Filtrar por familia" }))
    await user.click(await screen.findByRole("option", { name: "Salud" }))
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Gasfitería" })).not.toBeInTheDocument())
    expect(screen.getByRole("cell", { name: "Telemedicina" })).toBeInTheDocument()
    expect(urlParams().get("family")).toBe(salud)
    expect(server.calls("GET /api/specialty/page").at(-1)!.params.get("family_id")).toBe(salud)

    // A new specialty starts in the family the list shows.
    await user.click(screen.getByRole("button", { name: "Nueva especialidad" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva especialidad" })
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Salud")
  })
})
