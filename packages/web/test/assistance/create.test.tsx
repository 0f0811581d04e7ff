import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { assistanceNamed, familyMembers, openServices, readable } from "./catalog"
import { listed, pick } from "./openForm"

const server = useRealServer()

/** Opens "Nuevo servicio" once the seeded services are listed. */
const openNew = async () => {
  const view = await openServices(server)
  await screen.findByRole("cell", { name: "Cerrajería" })
  await view.user.click(screen.getByRole("button", { name: "Nuevo servicio" }))
  const dialog = await screen.findByRole("dialog", { name: "Nuevo servicio" })
  return { dialog, ...view }
}

describe("creating a servicio", () => {
  it("sends the values, benefits and exclusions in the order set with Subir / Bajar", async () => {
    const { dialog, user } = await openNew()

    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Gasfitería urgente")
    await user.type(within(dialog).getByRole("textbox", { name: "Descripción" }), "Filtraciones")

    // The seed's three Hogar values.
    for (const value of ["Tipo de vivienda", "Descripción del daño", "Metros cuadrados afectados"]) await pick(user, dialog, "Agregar valor", value)
    expect(listed(dialog, "Valores a capturar")).toEqual(["Tipo de vivienda", "Descripción del daño", "Metros cuadrados afectados"])
    // The first cannot go up, the last cannot go down.
    expect(within(dialog).getByRole("button", { name: "Subir Tipo de vivienda" })).toBeDisabled()
    expect(within(dialog).getByRole("button", { name: "Bajar Metros cuadrados afectados" })).toBeDisabled()
    await user.click(within(dialog).getByRole("button", { name: "Subir Metros cuadrados afectados" }))
    await user.click(within(dialog).getByRole("button", { name: "Subir Metros cuadrados afectados" }))
    expect(listed(dialog, "Valores a capturar")).toEqual(["Metros cuadrados afectados", "Tipo de vivienda", "Descripción del daño"])
    await user.click(within(dialog).getByRole("button", { name: "Bajar Tipo de vivienda" }))
    expect(listed(dialog, "Valores a capturar")).toEqual(["Metros cuadrados afectados", "Descripción del daño", "Tipo de vivienda"])

    await pick(user, dialog, "Especialidades", "Electricidad")
    await pick(user, dialog, "Especialidades", "Gasfitería")
    await pick(user, dialog, "Documentos", "Foto del daño")

    for (const benefit of ["Mano de obra", "Materiales", "Traslado"]) {
      await user.type(within(dialog).getByRole("textbox", { name: "Nuevo beneficio" }), `${benefit}{Enter}`)
    }
    await user.click(within(dialog).getByRole("button", { name: "Bajar beneficio 1" }))
    expect(listed(dialog, "Beneficios")).toEqual(["Materiales", "Mano de obra", "Traslado"])
    const second = within(dialog).getByRole("textbox", { name: "Beneficio 2" })
    await user.clear(second)
    await user.type(second, "Mano de obra certificada")
    await user.click(within(dialog).getByRole("button", { name: "Quitar beneficio 3" }))
    expect(listed(dialog, "Beneficios")).toEqual(["Materiales", "Mano de obra certificada"])

    await user.type(within(dialog).getByRole("textbox", { name: "Nueva exclusión" }), "Daños previos")
    await user.click(within(dialog).getByRole("button", { name: "Agregar exclusión" }))
    await user.type(within(dialog).getByRole("textbox", { name: "Nueva exclusión" }), "Artefactos{Enter}")
    await user.click(within(dialog).getByRole("button", { name: "Subir exclusión 2" }))

    // Enter in the add boxes added items: nothing was sent yet.
    expect(server.calls("POST /api/assistance/create")).toEqual([])
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()

    const hogar = await familyMembers(server, "Hogar")
    expect(server.calls("POST /api/assistance/create").map((r) => r.body)).toEqual([
      {
        family_id: hogar.family_id,
        name: "Gasfitería urgente",
        description: "Filtraciones",
        values: ["Metros cuadrados afectados", "Descripción del daño", "Tipo de vivienda"].map(hogar.value),
        specialties: [hogar.specialty("Electricidad"), hogar.specialty("Gasfitería")],
        documents: [hogar.document("Foto del daño")],
        benefits: ["Materiales", "Mano de obra certificada"],
        exclusions: ["Artefactos", "Daños previos"]
      }
    ])
    // Stored as sent, every list in its order.
    expect(readable(await assistanceNamed(server, "Gasfitería urgente"))).toEqual({
      family: "Hogar",
      name: "Gasfitería urgente",
      description: "Filtraciones",
      values: ["Metros cuadrados afectados", "Descripción del daño", "Tipo de vivienda"],
      specialties: ["Electricidad", "Gasfitería"],
      documents: ["Foto del daño"],
      benefits: ["Materiales", "Mano de obra certificada"],
      exclusions: ["Artefactos", "Daños previos"]
    })
    const row = (await screen.findByRole("cell", { name: "Gasfitería urgente" })).closest("tr")!
    expect(
      within(row)
        .getAllByRole("cell")
        .slice(1, 5)
        .map((c) => c.textContent)
    ).toEqual(["Hogar", "3", "2", "1"])
  })

  it("reorders from the keyboard, the focus staying on the moved value", async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Revisión de daños")
    for (const value of ["Tipo de vivienda", "Descripción del daño", "Metros cuadrados afectados"]) await pick(user, dialog, "Agregar valor", value)

    within(dialog).getByRole("button", { name: "Subir Metros cuadrados afectados" }).focus()
    await user.keyboard("{Enter}")
    expect(within(dialog).getByRole("button", { name: "Subir Metros cuadrados afectados" })).toHaveFocus()
    await user.keyboard(" ")
    expect(listed(dialog, "Valores a capturar")).toEqual(["Metros cuadrados afectados", "Tipo de vivienda", "Descripción del daño"])
    // At the top its Subir is disabled: the focus moves to its Bajar, never lost.
    expect(within(dialog).getByRole("button", { name: "Bajar Metros cuadrados afectados" })).toHaveFocus()
    expect(screen.getByText("Metros cuadrados afectados: posición 1 de 3")).toBeInTheDocument()
    await user.keyboard("{Enter}")
    expect(listed(dialog, "Valores a capturar")).toEqual(["Tipo de vivienda", "Metros cuadrados afectados", "Descripción del daño"])

    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()
    const hogar = await familyMembers(server, "Hogar")
    const sent = server.calls("POST /api/assistance/create").map((r) => (r.body as { values: ReadonlyArray<string> }).values)
    expect(sent).toEqual([["Tipo de vivienda", "Metros cuadrados afectados", "Descripción del daño"].map(hogar.value)])
    expect(readable(await assistanceNamed(server, "Revisión de daños")).values).toEqual([
      "Tipo de vivienda",
      "Metros cuadrados afectados",
      "Descripción del daño"
    ])
  })
})
