import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { json } from "../masters/fakeMasters"
import { renderMasters } from "../masters/renderMasters"
import { catalogSeed } from "./catalogSeed"
import { startAssistanceServer } from "./fakeAssistances"
import { listed, pick } from "./openForm"

const long = { timeout: 60_000 }

describe("the servicio form's checks", () => {
  it("checks with the contract before sending, in Spanish, and focuses the first field to fix", long, async () => {
    const server = startAssistanceServer(catalogSeed())
    const { user } = renderMasters("/masters/assistance")
    await user.click(await screen.findByRole("button", { name: "Nuevo servicio" }))
    const dialog = await screen.findByRole("dialog", { name: "Nuevo servicio" })
    await user.type(within(dialog).getByRole("textbox", { name: "Nuevo beneficio" }), "   x{Enter}")
    await user.clear(within(dialog).getByRole("textbox", { name: "Beneficio 1" }))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))

    expect(await within(dialog).findAllByText("Este campo es obligatorio")).toHaveLength(2)
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveAttribute("aria-invalid", "true")
    expect(within(dialog).getByRole("textbox", { name: "Nombre" })).toHaveAttribute("aria-invalid", "true")
    expect(within(dialog).getByRole("textbox", { name: "Beneficio 1" })).toHaveAccessibleDescription("No puede haber elementos vacíos")
    expect(server.catalogCalls("POST /api/assistance/create")).toEqual([])
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveFocus()
  })

  it("refuses the same benefit twice (case aside) before sending, under the list", long, async () => {
    const server = startAssistanceServer(catalogSeed())
    const { user } = renderMasters("/masters/assistance")
    await user.click(await screen.findByRole("button", { name: "Nuevo servicio" }))
    const dialog = await screen.findByRole("dialog", { name: "Nuevo servicio" })
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Gasfitería")
    await user.type(within(dialog).getByRole("textbox", { name: "Nuevo beneficio" }), "Mano de obra{Enter}")
    await user.type(within(dialog).getByRole("textbox", { name: "Nuevo beneficio" }), "mano de obra{Enter}")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("Hay textos repetidos")).toBeInTheDocument()
    expect(server.catalogCalls("POST /api/assistance/create")).toEqual([])

    await user.click(within(dialog).getByRole("button", { name: "Quitar beneficio 2" }))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()
  })

  it("shows the server's messages beside the value or field they concern", long, async () => {
    const server = startAssistanceServer(catalogSeed())
    const { user } = renderMasters("/masters/assistance")
    await user.click(await screen.findByRole("button", { name: "Nuevo servicio" }))
    const dialog = await screen.findByRole("dialog", { name: "Nuevo servicio" })
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Gasfitería")
    await pick(user, dialog, "Agregar valor", "Dirección")
    await pick(user, dialog, "Agregar valor", "Tipo de vivienda")
    expect(listed(dialog, "Valores a capturar")).toEqual(["Dirección", "Tipo de vivienda"])

    // Another admin deactivated a value meanwhile: the server names it, on its item.
    server.refuse.set("POST /api/assistance/create", () =>
      json(400, {
        _tag: "BadRequest",
        message: "Hay valores que no se pueden usar",
        issues: [
          { path: ["values", 1], message: "El valor «Tipo de vivienda» no existe o está inactivo" },
          { path: ["name"], message: "Nombre reservado" },
          { path: ["other"], message: "Otro problema" }
        ]
      })
    )
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    const alert = await within(dialog).findByText("No se pudo guardar")
    expect(alert.closest("[role=alert]") ?? alert.parentElement!).toHaveTextContent("Hay valores que no se pueden usar")
    expect(within(dialog).getByText("El valor «Tipo de vivienda» no existe o está inactivo")).toBeInTheDocument()
    expect(within(dialog).getByRole("textbox", { name: "Nombre" })).toHaveAccessibleDescription("Nombre reservado")
    // What no field shows is listed in the alert.
    expect(within(dialog).getByText("Otro problema")).toBeInTheDocument()

    server.refuse.delete("POST /api/assistance/create")
    await user.click(within(dialog).getByRole("button", { name: "Quitar Tipo de vivienda" }))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()
  })

  it("says when the name is taken in the family (409)", long, async () => {
    startAssistanceServer(catalogSeed({ assistances: [{ family: "Hogar", name: "Cerrajería" }] }))
    const { user } = renderMasters("/masters/assistance")
    await user.click(await screen.findByRole("button", { name: "Nuevo servicio" }))
    const dialog = await screen.findByRole("dialog", { name: "Nuevo servicio" })
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "cerrajería{Enter}")
    expect(await within(dialog).findByText("Ya existe un servicio activo con ese nombre en la familia")).toBeInTheDocument()
  })
})
