import { screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { renderApp } from "../renderApp"
import { type CatalogSeed, rosterFields, savedColumn, startCatalogServer, uuid } from "../retail/fakeCatalog"
import { catalog, hogarPlan } from "../retail/seed"

const patente = uuid(700)

const openFormat = async (seed: CatalogSeed = catalog) => {
  const server = startCatalogServer(seed)
  const view = renderApp("/masters/fileFormat")
  expect(await screen.findByRole("heading", { level: 1, name: "Formatos de archivo" })).toBeInTheDocument()
  const { user } = view
  await user.click(await screen.findByRole("combobox", { name: "Canal" }))
  await user.click(await screen.findByRole("option", { name: "Banco Sur · 76.086.428-5" }))
  await user.click(screen.getByRole("combobox", { name: "Plan" }))
  await user.click(await screen.findByRole("option", { name: "Hogar Full" }))
  const columns = within(await screen.findByRole("list", { name: "Columnas del archivo" }))
  return { server, columns, ...view }
}

/** Each column's header input: [its name, its value], in order. */
const headers = (columns: { getAllByRole: (role: "textbox") => HTMLElement[] }): Array<[string | null, string]> =>
  columns.getAllByRole("textbox").map((input) => [input.getAttribute("aria-label"), (input as HTMLInputElement).value])

afterEach(() => vi.restoreAllMocks())

describe("Formatos de archivo", () => {
  it("starts a plan without format from the columns it cannot lack, which cannot be removed or made optional", async () => {
    const { columns } = await openFormat()
    expect(new URLSearchParams(window.location.search).get("plan")).toBe(hogarPlan.id)
    expect(headers(columns)).toEqual([
      ["Encabezado de RUT", "RUT"],
      ["Encabezado de Nombre", "Nombre"],
      ["Encabezado de Apellido paterno", "Apellido paterno"]
    ])
    for (const name of ["RUT", "Nombre", "Apellido paterno"]) {
      expect(columns.getByRole("button", { name: `Quitar ${name}` })).toBeDisabled()
      expect(columns.getByRole("checkbox", { name: `Obligatoria: ${name}` })).toBeChecked()
      expect(columns.getByRole("checkbox", { name: `Obligatoria: ${name}` })).toBeDisabled()
    }
    expect(screen.getByRole("button", { name: "Descargar plantilla" })).toBeDisabled()
    expect(screen.getByRole("button", { name: "Eliminar formato" })).toBeDisabled()
  })

  it("adds, reorders, renames and requires columns, and saves them in that order", async () => {
    const { server, user, columns } = await openFormat()
    const available = within(screen.getByRole("region", { name: "Campos disponibles" }))
    await user.click(available.getByRole("button", { name: "Agregar Correo electrónico" }))
    await user.click(available.getByRole("button", { name: "Agregar Patente" }))
    expect(available.queryByRole("button", { name: "Agregar Patente" })).not.toBeInTheDocument()

    await user.click(columns.getByRole("button", { name: "Subir Patente" }))
    await user.click(columns.getByRole("button", { name: "Subir Nombre" }))
    const name = columns.getByRole("textbox", { name: "Encabezado de Nombre" })
    await user.clear(name)
    await user.type(name, "NOMBRES")
    await user.click(columns.getByRole("checkbox", { name: "Obligatoria: Patente" }))
    await user.click(columns.getByRole("button", { name: "Quitar Correo electrónico" }))
    await user.click(available.getByRole("button", { name: "Agregar Correo electrónico" }))

    expect(headers(columns).map(([, value]) => value)).toEqual(["NOMBRES", "RUT", "Apellido paterno", "Patente", "Correo electrónico"])
    await user.click(screen.getByRole("button", { name: "Guardar formato" }))
    expect(await screen.findByText("Formato guardado")).toBeInTheDocument()
    expect(server.writes().map((r) => [r.path, r.body])).toEqual([
      [
        "/api/fileFormat/create",
        {
          productPlan_id: hogarPlan.id,
          fields: [
            { field_id: "name", header: "NOMBRES", required: true },
            { field_id: "rut", header: "RUT", required: true },
            { field_id: "paternalLastName", header: "Apellido paterno", required: true },
            { field_id: patente, header: "Patente", required: true },
            { field_id: "email", header: "Correo electrónico", required: false }
          ]
        }
      ]
    ])
    expect(screen.getByText("Guardado")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Descargar plantilla" })).toBeEnabled()
  })

  it("checks the headers before sending: none blank, none repeated", async () => {
    const { server, user, columns } = await openFormat()
    await user.clear(columns.getByRole("textbox", { name: "Encabezado de Nombre" }))
    await user.click(screen.getByRole("button", { name: "Guardar formato" }))
    expect(await columns.findByText("Este campo es obligatorio")).toBeInTheDocument()
    await user.type(columns.getByRole("textbox", { name: "Encabezado de Nombre" }), "rut")
    await user.click(screen.getByRole("button", { name: "Guardar formato" }))
    expect(await screen.findByText("Hay encabezados repetidos")).toBeInTheDocument()
    expect(server.writes()).toEqual([])
  })

  it("downloads the template of a saved format as plantilla.xlsx", async () => {
    const format = [
      savedColumn(rosterFields, { field: "rut", header: "RUT ASEGURADO", required: true }, 1),
      savedColumn(rosterFields, { field: "name", header: "NOMBRE", required: true }, 2),
      savedColumn(rosterFields, { field: "paternalLastName", header: "APELLIDO", required: true }, 3)
    ]
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:plantilla")
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    const { server, user, columns } = await openFormat({ ...catalog, formats: { [hogarPlan.id]: format } })
    expect(headers(columns).map(([, value]) => value)).toEqual(["RUT ASEGURADO", "NOMBRE", "APELLIDO"])
    await user.click(screen.getByRole("button", { name: "Descargar plantilla" }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(server.calls(`GET /api/fileFormat/template/${hogarPlan.id}`)).toHaveLength(1)
    expect(clicked[0]!.download).toBe("plantilla.xlsx")
    expect(clicked[0]!.getAttribute("href")).toBe("blob:plantilla")
    const blob = createObjectURL.mock.calls[0]![0] as Blob
    expect(blob.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    expect(blob.size).toBe(4)
  })

  it("deletes a format only after confirmation", async () => {
    const format = [
      savedColumn(rosterFields, { field: "rut", header: "RUT", required: true }, 1),
      savedColumn(rosterFields, { field: "name", header: "Nombre", required: true }, 2),
      savedColumn(rosterFields, { field: "paternalLastName", header: "Apellido paterno", required: true }, 3),
      savedColumn(rosterFields, { field: "email", header: "Correo", required: false }, 4)
    ]
    const { server, user, columns } = await openFormat({ ...catalog, formats: { [hogarPlan.id]: format } })
    await user.click(screen.getByRole("button", { name: "Eliminar formato" }))
    let dialog = within(await screen.findByRole("dialog", { name: "¿Eliminar el formato de Hogar Full de Banco Sur?" }))
    await user.click(dialog.getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(server.writes()).toEqual([])

    await user.click(screen.getByRole("button", { name: "Eliminar formato" }))
    dialog = within(await screen.findByRole("dialog", { name: "¿Eliminar el formato de Hogar Full de Banco Sur?" }))
    await user.click(dialog.getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Formato eliminado")).toBeInTheDocument()
    expect(server.writes().map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/fileFormat/deleteByProductPlanId/${hogarPlan.id}`])
    // Back to the columns every format has.
    await waitFor(() => expect(headers(columns)).toHaveLength(3))
  })
})
