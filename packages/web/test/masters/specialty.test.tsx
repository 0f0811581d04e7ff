import { screen, waitFor, within } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { create, getOf, idOf, listOf } from "./masterApi"
import { renderMasters, urlParams } from "./renderMasters"

const server = useRealServer()
// One admin session for the file: the screens are reached as an admin would.
beforeAll(() => server.signIn(admin.email))

/**
 * Opens Especialidades once `name` is listed. The list is sorted by name and 20 to a page, so the
 * rows a test creates start with "A": they land on the first page among the seed's ones.
 */
const openSpecialties = async (name: string) => {
  // Only the app's own requests count from here, not the test's arranging ones.
  server.requests.length = 0
  const view = renderMasters("/masters/specialty")
  await screen.findByRole("cell", { name })
  return view
}

describe("specialties", () => {
  it("creates with a family chosen from the family picker", async () => {
    const { user } = await openSpecialties("Gasfitería")
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
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Albañilería")
    await user.type(within(dialog).getByRole("textbox", { name: "Descripción" }), "Muros y radieres")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))

    expect(await screen.findByText("Especialidad creada")).toBeInTheDocument()
    const row = (await screen.findByRole("cell", { name: "Albañilería" })).closest("tr")!
    expect(within(row).getByRole("cell", { name: "Hogar" })).toBeInTheDocument()
    const hogar = await idOf(server, "family", "Hogar")
    expect(server.calls("POST /api/specialty/create").map((r) => r.body)).toEqual([{ family_id: hogar, name: "Albañilería", description: "Muros y radieres" }])
    expect(await listOf(server, "specialty")).toContainEqual(
      expect.objectContaining({ family_id: hogar, name: "Albañilería", description: "Muros y radieres" })
    )
  })

  it("loads the families once for the filter and every form", async () => {
    const { user } = await openSpecialties("Gasfitería")
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
    const [hogar, salud] = [await idOf(server, "family", "Hogar"), await idOf(server, "family", "Salud")]
    const id = await create(server, "specialty", { family_id: hogar, name: "Aromaterapia", description: "Aceites esenciales" })
    const { user } = await openSpecialties("Aromaterapia")
    await user.click(screen.getByRole("button", { name: "Editar Aromaterapia" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar especialidad" })
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Hogar")
    expect(within(dialog).getByRole("textbox", { name: "Descripción" })).toHaveValue("Aceites esenciales")
    await user.click(within(dialog).getByRole("combobox", { name: "Familia" }))
    await user.click(await within(dialog).findByRole("option", { name: "Salud" }))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Especialidad actualizada")).toBeInTheDocument()
    expect(server.calls(`PUT /api/specialty/update/${id}`).map((r) => r.body)).toEqual([
      { family_id: salud, name: "Aromaterapia", description: "Aceites esenciales" }
    ])
    expect(await getOf(server, "specialty", id)).toMatchObject({ family_id: salud, family_name: "Salud" })
  })

  it("filters by family on the server, keeping the family in the URL", async () => {
    const salud = await idOf(server, "family", "Salud")
    const { user } = await openSpecialties("Gasfitería")
    await user.click(await screen.findByRole("combobox", { name: "Filtrar por familia" }))
    await user.click(await screen.findByRole("option", { name: "Salud" }))
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Gasfitería" })).not.toBeInTheDocument())
    expect(screen.getByRole("cell", { name: "Telemedicina" })).toBeInTheDocument()
    expect(urlParams().get("family")).toBe(salud)
    expect(server.calls("GET /api/specialty/page").at(-1)!.params.get("family_id")).toBe(salud)
    // Every row shown is the server's answer for Salud alone.
    const rows = within(screen.getByRole("table", { name: "Especialidades" }))
      .getAllByRole("row")
      .slice(1)
    for (const row of rows) expect(within(row).getByRole("cell", { name: "Salud" })).toBeInTheDocument()

    // A new specialty starts in the family the list shows.
    await user.click(screen.getByRole("button", { name: "Nueva especialidad" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva especialidad" })
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Salud")
  })
})
