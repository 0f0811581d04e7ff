import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderMasters } from "../masters/renderMasters"
import { catalogSeed } from "./catalogSeed"
import { startAssistanceServer } from "./fakeAssistances"
import { listed, pick } from "./openForm"

// Many steps of typing and picking: longer than the default 5 s on a busy machine.
const long = { timeout: 60_000 }

describe("creating a servicio", () => {
  it("sends the values, benefits and exclusions in the order set with Subir / Bajar", long, async () => {
    const server = startAssistanceServer(catalogSeed())
    const { user } = renderMasters("/masters/assistance")
    await screen.findByText("No hay registros")
    await user.click(screen.getByRole("button", { name: "Nuevo servicio" }))
    const dialog = await screen.findByRole("dialog", { name: "Nuevo servicio" })

    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Gasfitería urgente")
    await user.type(within(dialog).getByRole("textbox", { name: "Descripción" }), "Filtraciones")

    for (const value of ["Dirección", "Tipo de vivienda", "Fecha del daño"]) await pick(user, dialog, "Agregar valor", value)
    expect(listed(dialog, "Valores a capturar")).toEqual(["Dirección", "Tipo de vivienda", "Fecha del daño"])
    // The first cannot go up, the last cannot go down.
    expect(within(dialog).getByRole("button", { name: "Subir Dirección" })).toBeDisabled()
    expect(within(dialog).getByRole("button", { name: "Bajar Fecha del daño" })).toBeDisabled()
    await user.click(within(dialog).getByRole("button", { name: "Subir Fecha del daño" }))
    await user.click(within(dialog).getByRole("button", { name: "Subir Fecha del daño" }))
    expect(listed(dialog, "Valores a capturar")).toEqual(["Fecha del daño", "Dirección", "Tipo de vivienda"])
    await user.click(within(dialog).getByRole("button", { name: "Bajar Dirección" }))
    expect(listed(dialog, "Valores a capturar")).toEqual(["Fecha del daño", "Tipo de vivienda", "Dirección"])

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
    expect(server.catalogCalls("POST /api/assistance/create")).toEqual([])
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()

    const id = (kind: "value" | "specialty" | "document", name: string) => server.masterId(kind, name)
    expect(server.catalogCalls("POST /api/assistance/create").map((r) => r.body)).toEqual([
      {
        family_id: server.masterId("family", "Hogar"),
        name: "Gasfitería urgente",
        description: "Filtraciones",
        values: [id("value", "Fecha del daño"), id("value", "Tipo de vivienda"), id("value", "Dirección")],
        specialties: [id("specialty", "Electricidad"), id("specialty", "Gasfitería")],
        documents: [id("document", "Foto del daño")],
        benefits: ["Materiales", "Mano de obra certificada"],
        exclusions: ["Artefactos", "Daños previos"]
      }
    ])
    const row = (await screen.findByRole("cell", { name: "Gasfitería urgente" })).closest("tr")!
    expect(within(row).getAllByRole("cell").slice(1, 5).map((c) => c.textContent)).toEqual(["Hogar", "3", "2", "1"])
  })

  it("reorders from the keyboard, the focus staying on the moved value", long, async () => {
    const server = startAssistanceServer(catalogSeed())
    const { user } = renderMasters("/masters/assistance")
    await user.click(await screen.findByRole("button", { name: "Nuevo servicio" }))
    const dialog = await screen.findByRole("dialog", { name: "Nuevo servicio" })
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Revisión")
    for (const value of ["Dirección", "Tipo de vivienda", "Fecha del daño"]) await pick(user, dialog, "Agregar valor", value)

    within(dialog).getByRole("button", { name: "Subir Fecha del daño" }).focus()
    await user.keyboard("{Enter}")
    expect(within(dialog).getByRole("button", { name: "Subir Fecha del daño" })).toHaveFocus()
    await user.keyboard(" ")
    expect(listed(dialog, "Valores a capturar")).toEqual(["Fecha del daño", "Dirección", "Tipo de vivienda"])
    // At the top its Subir is disabled: the focus moves to its Bajar, never lost.
    expect(within(dialog).getByRole("button", { name: "Bajar Fecha del daño" })).toHaveFocus()
    expect(screen.getByText("Fecha del daño: posición 1 de 3")).toBeInTheDocument()
    await user.keyboard("{Enter}")
    expect(listed(dialog, "Valores a capturar")).toEqual(["Dirección", "Fecha del daño", "Tipo de vivienda"])

    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()
    expect((server.catalogCalls("POST /api/assistance/create")[0]!.body as { values: string[] }).values).toEqual(
      ["Dirección", "Fecha del daño", "Tipo de vivienda"].map((name) => server.masterId("value", name))
    )
  })
})
