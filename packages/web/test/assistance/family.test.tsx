import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { assistanceNamed, familyMembers, openServices, readable } from "./catalog"
import { listed, pick, pills } from "./openForm"

const server = useRealServer()

/** Opens "Nuevo servicio" once the seeded services are listed. */
const openNew = async () => {
  const view = await openServices(server)
  await screen.findByRole("cell", { name: "Cerrajería" })
  await view.user.click(screen.getByRole("button", { name: "Nuevo servicio" }))
  const dialog = await screen.findByRole("dialog", { name: "Nuevo servicio" })
  return { dialog, ...view }
}

const options = async (user: Parameters<typeof pick>[0], dialog: HTMLElement, name: string) => {
  await user.click(within(dialog).getByRole("combobox", { name }))
  // The dropdown's options (the list's page-size select has options of its own).
  // The family's members may still be on their way when the dropdown opens: wait for them, not for the empty list.
  const shown = (await within(await screen.findByRole("listbox")).findAllByRole("option")).map((o) => o.textContent)
  await user.keyboard("{Escape}")
  return shown
}

describe("a servicio's family", () => {
  it("offers only the chosen family's values, specialties and documents", async () => {
    const { dialog, user } = await openNew()
    expect(within(dialog).getByRole("combobox", { name: "Agregar valor" })).toBeDisabled()
    await pick(user, dialog, "Familia", "Vehicular")
    // The seed's Vehicular masters, by name; none of Hogar's (Tipo de vivienda, Gasfitería, Foto del daño…).
    expect(await options(user, dialog, "Agregar valor")).toEqual(["Año del vehículo", "Marca del vehículo", "Patente"])
    expect(await options(user, dialog, "Especialidades")).toEqual(["Cambio de neumático", "Grúa", "Mecánica ligera", "Suministro de combustible"])
    expect(await options(user, dialog, "Documentos")).toEqual(["Foto del vehículo", "Licencia de conducir", "Padrón del vehículo"])
  })

  it("asks before a change that drops choices of the old family; keeping it changes nothing", async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await pick(user, dialog, "Agregar valor", "Tipo de vivienda")
    await pick(user, dialog, "Especialidades", "Gasfitería")

    await pick(user, dialog, "Familia", "Vehicular")
    const question = within(dialog).getByRole("alertdialog", { name: "¿Cambiar la familia a Vehicular?" })
    expect(question).toHaveTextContent("se quitarán los elegidos de Hogar (1 valor, 1 especialidad)")
    // The safe choice has the focus; the family has not changed yet.
    expect(within(question).getByRole("button", { name: "Mantener Hogar" })).toHaveFocus()
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Hogar")

    await user.click(within(question).getByRole("button", { name: "Mantener Hogar" }))
    expect(within(dialog).queryByRole("alertdialog")).not.toBeInTheDocument()
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Hogar")
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveFocus()
    expect(listed(dialog, "Valores a capturar")).toEqual(["Tipo de vivienda"])
    expect(pills(dialog, "Especialidades")).toEqual(["Gasfitería"])
  })

  it("clears the old family's choices once the change is confirmed, and sends only the new family's", async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Asistencia en ruta")
    await pick(user, dialog, "Agregar valor", "Tipo de vivienda")
    await pick(user, dialog, "Agregar valor", "Descripción del daño")
    await pick(user, dialog, "Documentos", "Boleta o factura")
    await user.type(within(dialog).getByRole("textbox", { name: "Nuevo beneficio" }), "Grúa 50 km{Enter}")

    await pick(user, dialog, "Familia", "Vehicular")
    const question = within(dialog).getByRole("alertdialog", { name: "¿Cambiar la familia a Vehicular?" })
    expect(question).toHaveTextContent("(2 valores, 1 documento)")
    await user.click(within(question).getByRole("button", { name: "Cambiar familia" }))

    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Vehicular")
    expect(within(dialog).queryByRole("list", { name: "Valores a capturar" })).not.toBeInTheDocument()
    expect(within(dialog).getByText("Aún no se pide ningún valor.")).toBeInTheDocument()
    expect(pills(dialog, "Documentos")).toEqual([])
    // Benefits are free text, not of a family: they stay.
    expect(listed(dialog, "Beneficios")).toEqual(["Grúa 50 km"])

    await pick(user, dialog, "Agregar valor", "Patente")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()
    const vehicular = await familyMembers(server, "Vehicular")
    expect(server.calls("POST /api/assistance/create").map((r) => r.body)).toEqual([
      {
        family_id: vehicular.family_id,
        name: "Asistencia en ruta",
        description: "",
        values: [vehicular.value("Patente")],
        specialties: [],
        documents: [],
        benefits: ["Grúa 50 km"],
        exclusions: []
      }
    ])
    expect(readable(await assistanceNamed(server, "Asistencia en ruta"))).toEqual({
      family: "Vehicular",
      name: "Asistencia en ruta",
      description: "",
      values: ["Patente"],
      specialties: [],
      documents: [],
      benefits: ["Grúa 50 km"],
      exclusions: []
    })
  })

  it("changes at once when nothing of the old family was chosen", async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await pick(user, dialog, "Familia", "Vehicular")
    expect(within(dialog).queryByRole("alertdialog")).not.toBeInTheDocument()
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Vehicular"))
  })
})
