import type { FileFormat, RosterField } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { useRealServer } from "../realServer"
import { zipTexts } from "../zipTexts"
import { renderApp } from "../renderApp"
import { arranged, assignPlan, createRetail, productNamed, signInAdmin, writes } from "../retail/seed"

const server = useRealServer()

/**
 * A retail of the test's own selling Asistencia Hogar, a plan without a format (a plan made
 * through the API has none; every seeded plan has one): what one test saves or deletes no
 * other sees.
 */
const ownPlan = async (rut: string, dotted: string, name: string) => {
  await signInAdmin(server)
  const retail = await createRetail(server, rut, name)
  const plan = await assignPlan(server, (await productNamed(server, "Asistencia Hogar")).id, retail.id, [12345, 10000, 120000])
  return { retail, plan, option: `${name} · ${dotted}` }
}

/** Saves the plan's format through the API: [field, header, required] per column. */
const saveFormat = (planId: string, columns: ReadonlyArray<readonly [string, string, boolean]>) =>
  server.api<FileFormat>("POST", "/api/fileFormat/create", {
    productPlan_id: planId,
    fields: columns.map(([field_id, header, required]) => ({ field_id, header, required }))
  })

const formatOf = (planId: string) => server.api<FileFormat>("GET", `/api/fileFormat/getByProductPlanId/${planId}`)

/** The format screen with the retail's Asistencia Hogar plan picked. */
const openFormat = async (option: string) => {
  arranged(server)
  const view = renderApp("/masters/fileFormat")
  expect(await screen.findByRole("heading", { level: 1, name: "Formatos de archivo" })).toBeInTheDocument()
  const { user } = view
  await user.click(await screen.findByRole("combobox", { name: "Canal" }))
  await user.click(await screen.findByRole("option", { name: option }))
  await user.click(screen.getByRole("combobox", { name: "Plan" }))
  await user.click(await screen.findByRole("option", { name: "Asistencia Hogar" }))
  const columns = within(await screen.findByRole("list", { name: "Columnas del archivo" }))
  return { columns, ...view }
}

/** Each column's header input: [its name, its value], in order. */
const headers = (columns: { getAllByRole: (role: "textbox") => HTMLElement[] }): Array<[string | null, string]> =>
  columns.getAllByRole("textbox").map((input) => [input.getAttribute("aria-label"), (input as HTMLInputElement).value])

afterEach(() => vi.restoreAllMocks())

describe("Formatos de archivo", () => {
  it("starts a plan without format from the columns it cannot lack, which cannot be removed or made optional", async () => {
    const { plan, option } = await ownPlan("77222222-K", "77.222.222-K", "Canal Sin Formato")
    const { columns } = await openFormat(option)
    expect(new URLSearchParams(window.location.search).get("plan")).toBe(plan.id)
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
    const { plan, option } = await ownPlan("77333333-5", "77.333.333-5", "Canal Guarda Formato")
    // A value Asistencia Hogar's services ask for (demoCatalog.ts); its column is the value's id.
    const fields = await server.api<ReadonlyArray<RosterField>>("GET", `/api/field/getByProductPlanId/${plan.id}`)
    const vivienda = fields.find((f) => f.label === "Tipo de vivienda")!
    const { user, columns } = await openFormat(option)
    const available = within(screen.getByRole("region", { name: "Campos disponibles" }))
    await user.click(available.getByRole("button", { name: "Agregar Correo electrónico" }))
    await user.click(available.getByRole("button", { name: "Agregar Tipo de vivienda" }))
    expect(available.queryByRole("button", { name: "Agregar Tipo de vivienda" })).not.toBeInTheDocument()

    await user.click(columns.getByRole("button", { name: "Subir Tipo de vivienda" }))
    await user.click(columns.getByRole("button", { name: "Subir Nombre" }))
    const name = columns.getByRole("textbox", { name: "Encabezado de Nombre" })
    await user.clear(name)
    await user.type(name, "NOMBRES")
    await user.click(columns.getByRole("checkbox", { name: "Obligatoria: Tipo de vivienda" }))
    await user.click(columns.getByRole("button", { name: "Quitar Correo electrónico" }))
    await user.click(available.getByRole("button", { name: "Agregar Correo electrónico" }))

    expect(headers(columns).map(([, value]) => value)).toEqual(["NOMBRES", "RUT", "Apellido paterno", "Tipo de vivienda", "Correo electrónico"])
    await user.click(screen.getByRole("button", { name: "Guardar formato" }))
    expect(await screen.findByText("Formato guardado")).toBeInTheDocument()
    expect(writes(server).map((r) => [r.path, r.body])).toEqual([
      [
        "/api/fileFormat/create",
        {
          productPlan_id: plan.id,
          fields: [
            { field_id: "name", header: "NOMBRES", required: true },
            { field_id: "rut", header: "RUT", required: true },
            { field_id: "paternalLastName", header: "Apellido paterno", required: true },
            { field_id: vivienda.field, header: "Tipo de vivienda", required: true },
            { field_id: "email", header: "Correo electrónico", required: false }
          ]
        }
      ]
    ])
    // Saved over the version it read ("0": the plan had no format), so another admin's format in between is a 412.
    expect(writes(server)[0]!.headers.get("if-match")).toBe('"0"')
    expect(screen.getByText("Guardado")).toBeInTheDocument()
    expect(screen.getByRole("button", { name: "Descargar plantilla" })).toBeEnabled()
    // The server keeps the columns in that order.
    expect((await formatOf(plan.id)).map((c) => [c.field_id, c.header, c.required])).toEqual([
      ["name", "NOMBRES", true],
      ["rut", "RUT", true],
      ["paternalLastName", "Apellido paterno", true],
      [vivienda.field, "Tipo de vivienda", true],
      ["email", "Correo electrónico", false]
    ])
  })

  it("checks the headers before sending: none blank, none repeated", async () => {
    const { plan, option } = await ownPlan("77444444-0", "77.444.444-0", "Canal Encabezados")
    const { user, columns } = await openFormat(option)
    await user.clear(columns.getByRole("textbox", { name: "Encabezado de Nombre" }))
    await user.click(screen.getByRole("button", { name: "Guardar formato" }))
    expect(await columns.findByText("Este campo es obligatorio")).toBeInTheDocument()
    await user.type(columns.getByRole("textbox", { name: "Encabezado de Nombre" }), "rut")
    await user.click(screen.getByRole("button", { name: "Guardar formato" }))
    expect(await screen.findByText("Hay encabezados repetidos")).toBeInTheDocument()
    expect(writes(server)).toEqual([])
    expect(await formatOf(plan.id)).toEqual([])
  })

  it("marks each repeated header on its own row, and clears the marks as they are fixed", async () => {
    const { option } = await ownPlan("77111222-6", "77.111.222-6", "Canal Repetidos")
    const { user, columns } = await openFormat(option)
    const nombre = columns.getByRole("textbox", { name: "Encabezado de Nombre" })
    const rut = columns.getByRole("textbox", { name: "Encabezado de RUT" })
    await user.clear(nombre)
    await user.type(nombre, " rút ")
    await user.click(screen.getByRole("button", { name: "Guardar formato" }))
    // Both rows, compared as the server compares them (case, accents and spaces do not matter).
    await waitFor(() => expect(nombre).toHaveAccessibleDescription("Este encabezado se repite en otra columna"))
    expect(rut).toHaveAccessibleDescription("Este encabezado se repite en otra columna")
    expect(columns.getByRole("textbox", { name: "Encabezado de Apellido paterno" })).not.toHaveAttribute("aria-invalid", "true")
    await user.clear(nombre)
    await user.type(nombre, "NOMBRES")
    await waitFor(() => expect(rut).not.toHaveAttribute("aria-invalid", "true"))
    expect(nombre).not.toHaveAttribute("aria-invalid", "true")
    expect(writes(server)).toEqual([])
  })

  it("asks before unsaved columns are left for another plan or page", async () => {
    const { option } = await ownPlan("77111333-8", "77.111.333-8", "Canal Sin Guardar")
    const { user, columns } = await openFormat(option)
    await user.type(columns.getByRole("textbox", { name: "Encabezado de Nombre" }), " COMPLETO")
    await user.click(screen.getByRole("combobox", { name: "Canal" }))
    await user.click(await screen.findByRole("option", { name: /^Tarjeta Banco Austral/ }))
    const question = within(await screen.findByRole("dialog", { name: "¿Descartar los cambios?" }))
    await user.click(question.getByRole("button", { name: "Seguir editando" }))
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "¿Descartar los cambios?" })).not.toBeInTheDocument())
    expect(columns.getByRole("textbox", { name: "Encabezado de Nombre" })).toHaveValue("Nombre COMPLETO")

    await user.click(screen.getByRole("button", { name: "Guardar formato" }))
    expect(await screen.findByText("Formato guardado")).toBeInTheDocument()
    // Saved: nothing left to lose.
    await user.click(screen.getByRole("combobox", { name: "Canal" }))
    await user.click(await screen.findByRole("option", { name: /^Tarjeta Banco Austral/ }))
    await waitFor(() => expect(new URLSearchParams(window.location.search).get("plan")).toBeNull())
    expect(screen.queryByRole("dialog", { name: "¿Descartar los cambios?" })).not.toBeInTheDocument()
  })

  it("downloads the template of a saved format named after the retail and the plan", async () => {
    const { plan, option } = await ownPlan("77555555-6", "77.555.555-6", "Canal Plantilla")
    await saveFormat(plan.id, [
      ["rut", "RUT ASEGURADO", true],
      ["name", "NOMBRE", true],
      ["paternalLastName", "APELLIDO", true]
    ])
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:plantilla")
    const clicked: HTMLAnchorElement[] = []
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this)
    })
    const { user, columns } = await openFormat(option)
    expect(headers(columns).map(([, value]) => value)).toEqual(["RUT ASEGURADO", "NOMBRE", "APELLIDO"])
    await user.click(screen.getByRole("button", { name: "Descargar plantilla" }))
    await waitFor(() => expect(clicked).toHaveLength(1))
    expect(server.calls(`GET /api/fileFormat/template/${plan.id}`)).toHaveLength(1)
    expect(clicked[0]!.download).toBe("plantilla-canal-plantilla-asistencia-hogar.xlsx")
    expect(clicked[0]!.getAttribute("href")).toBe("blob:plantilla")
    const blob = createObjectURL.mock.calls[0]![0] as Blob
    expect(blob.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")
    // The server's workbook, whole: a ZIP whose sheet carries the saved headers.
    const texts = zipTexts(new Uint8Array(await blob.arrayBuffer()))
    for (const header of ["RUT ASEGURADO", "NOMBRE", "APELLIDO"]) expect(texts).toContain(`>${header}<`)
  })

  it("deletes a format only after confirmation", async () => {
    const { plan, option } = await ownPlan("77666666-1", "77.666.666-1", "Canal Borra Formato")
    await saveFormat(plan.id, [
      ["rut", "RUT", true],
      ["name", "Nombre", true],
      ["paternalLastName", "Apellido paterno", true],
      ["email", "Correo", false]
    ])
    const { user, columns } = await openFormat(option)
    expect(headers(columns)).toHaveLength(4)
    await user.click(screen.getByRole("button", { name: "Eliminar formato" }))
    let dialog = within(await screen.findByRole("dialog", { name: "¿Eliminar el formato de Asistencia Hogar de Canal Borra Formato?" }))
    await user.click(dialog.getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(writes(server)).toEqual([])

    await user.click(screen.getByRole("button", { name: "Eliminar formato" }))
    dialog = within(await screen.findByRole("dialog", { name: "¿Eliminar el formato de Asistencia Hogar de Canal Borra Formato?" }))
    await user.click(dialog.getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Formato eliminado")).toBeInTheDocument()
    expect(writes(server).map((r) => `${r.method} ${r.path}`)).toEqual([`DELETE /api/fileFormat/deleteByProductPlanId/${plan.id}`])
    // Back to the columns every format has; the server has none for the plan now.
    await waitFor(() => expect(headers(columns)).toHaveLength(3))
    expect(await formatOf(plan.id)).toEqual([])
  })
})
