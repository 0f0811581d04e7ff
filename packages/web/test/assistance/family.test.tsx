import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderMasters } from "../masters/renderMasters"
import { catalogSeed } from "./catalogSeed"
import { startAssistanceServer } from "./fakeAssistances"
import { listed, pick } from "./openForm"

const long = { timeout: 60_000 }

const openNew = async () => {
  const server = startAssistanceServer(catalogSeed())
  const view = renderMasters("/masters/assistance")
  await view.user.click(await screen.findByRole("button", { name: "Nuevo servicio" }))
  const dialog = await screen.findByRole("dialog", { name: "Nuevo servicio" })
  return { server, dialog, ...view }
}

const options = async (user: Parameters<typeof pick>[0], dialog: HTMLElement, name: string) => {
  await user.click(within(dialog).getByRole("combobox", { name }))
  const shown = (await screen.findAllByRole("option")).map((o) => o.textContent)
  await user.keyboard("{Escape}")
  return shown
}

describe("a servicio's family", () => {
  it("offers only the chosen family's values, specialties and documents", long, async () => {
    const { dialog, user } = await openNew()
    expect(within(dialog).getByRole("combobox", { name: "Agregar valor" })).toBeDisabled()
    await pick(user, dialog, "Familia", "Vehicular")
    expect(await options(user, dialog, "Agregar valor")).toEqual(["Patente"])
    expect(await options(user, dialog, "Especialidades")).toEqual(["Grúa"])
    expect(await options(user, dialog, "Documentos")).toEqual(["Padrón"])
  })

  it("asks before a change that drops choices of the old family; keeping it changes nothing", long, async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await pick(user, dialog, "Agregar valor", "Dirección")
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
    expect(listed(dialog, "Valores a capturar")).toEqual(["Dirección"])
  })

  it("clears the old family's choices once the change is confirmed, and sends only the new family's", long, async () => {
    const { server, dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Asistencia")
    await pick(user, dialog, "Agregar valor", "Dirección")
    await pick(user, dialog, "Agregar valor", "Fecha del daño")
    await pick(user, dialog, "Documentos", "Boleta")
    await user.type(within(dialog).getByRole("textbox", { name: "Nuevo beneficio" }), "Grúa 50 km{Enter}")

    await pick(user, dialog, "Familia", "Vehicular")
    const question = within(dialog).getByRole("alertdialog", { name: "¿Cambiar la familia a Vehicular?" })
    expect(question).toHaveTextContent("(2 valores, 1 documento)")
    await user.click(within(question).getByRole("button", { name: "Cambiar familia" }))

    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Vehicular")
    expect(within(dialog).queryByRole("list", { name: "Valores a capturar" })).not.toBeInTheDocument()
    expect(within(dialog).getByText("Aún no se pide ningún valor.")).toBeInTheDocument()
    // Benefits are free text, not of a family: they stay.
    expect(listed(dialog, "Beneficios")).toEqual(["Grúa 50 km"])

    await pick(user, dialog, "Agregar valor", "Patente")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()
    expect(server.catalogCalls("POST /api/assistance/create").map((r) => r.body)).toEqual([
      {
        family_id: server.masterId("family", "Vehicular"),
        name: "Asistencia",
        description: "",
        values: [server.masterId("value", "Patente")],
        specialties: [],
        documents: [],
        benefits: ["Grúa 50 km"],
        exclusions: []
      }
    ])
  })

  it("changes at once when nothing of the old family was chosen", long, async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await pick(user, dialog, "Familia", "Vehicular")
    expect(within(dialog).queryByRole("alertdialog")).not.toBeInTheDocument()
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Vehicular"))
  })
})
