import type { Specialty, Value } from "@palma/core"
import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { assistanceNamed, assistances, familyId, openServices, readable } from "./catalog"
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

describe("the servicio form's checks", () => {
  it("checks with the contract before sending, in Spanish, and focuses the first field to fix", async () => {
    const { dialog, user } = await openNew()
    await user.type(within(dialog).getByRole("textbox", { name: "Nuevo beneficio" }), "   x{Enter}")
    await user.clear(within(dialog).getByRole("textbox", { name: "Beneficio 1" }))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))

    expect(await within(dialog).findAllByText("Este campo es obligatorio")).toHaveLength(2)
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveAttribute("aria-invalid", "true")
    expect(within(dialog).getByRole("textbox", { name: "Nombre" })).toHaveAttribute("aria-invalid", "true")
    expect(within(dialog).getByRole("textbox", { name: "Beneficio 1" })).toHaveAccessibleDescription("No puede haber elementos vacíos")
    expect(server.calls("POST /api/assistance/create")).toEqual([])
    await new Promise((resolve) => requestAnimationFrame(resolve))
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveFocus()
  })

  it("refuses the same benefit twice (case aside) before sending, under the list", async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Gasfitería exprés")
    await user.type(within(dialog).getByRole("textbox", { name: "Nuevo beneficio" }), "Mano de obra{Enter}")
    await user.type(within(dialog).getByRole("textbox", { name: "Nuevo beneficio" }), "mano de obra{Enter}")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("Hay textos repetidos")).toBeInTheDocument()
    expect(server.calls("POST /api/assistance/create")).toEqual([])

    await user.click(within(dialog).getByRole("button", { name: "Quitar beneficio 2" }))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()
    expect(readable(await assistanceNamed(server, "Gasfitería exprés")).benefits).toEqual(["Mano de obra"])
  })

  it("shows the server's messages beside the value and the specialty they concern", async () => {
    await server.signIn("admin@palma.cl")
    const hogar = await familyId(server, "Hogar")
    const vehicular = await familyId(server, "Vehicular")
    // A value and a specialty of this test's own, so that moving them changes no seeded master.
    const value = await server.api<Value>("POST", "/api/value/create", { family_id: hogar, name: "Piso del departamento", valuetype_code: "S" })
    const specialty = await server.api<Specialty>("POST", "/api/specialty/create", { family_id: hogar, name: "Maestro de turno" })
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Reparación de piso")
    await pick(user, dialog, "Agregar valor", "Tipo de vivienda")
    await pick(user, dialog, "Agregar valor", "Piso del departamento")
    await pick(user, dialog, "Especialidades", "Maestro de turno")
    expect(listed(dialog, "Valores a capturar")).toEqual(["Tipo de vivienda", "Piso del departamento"])

    // Another admin moved the value and the specialty to Vehicular meanwhile: the server refuses
    // them (its real rule), naming each on its own item.
    await server.api("PUT", "/api/value/updateById", { id: value.id, family_id: vehicular, name: value.name, valuetype_code: "S" })
    await server.api("PUT", `/api/specialty/update/${specialty.id}`, { family_id: vehicular, name: specialty.name })
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    const alert = await within(dialog).findByText("No se pudo guardar")
    expect(alert.closest("[role=alert]") ?? alert.parentElement!).toHaveTextContent(
      "El valor «Piso del departamento» no pertenece a la familia Hogar (y 1 problema(s) más)"
    )
    // Beside the second value, not the first.
    const items = within(within(dialog).getByRole("list", { name: "Valores a capturar" })).getAllByRole("listitem")
    expect(items[1]).toHaveTextContent("El valor «Piso del departamento» no pertenece a la familia Hogar")
    expect(items[0]).not.toHaveTextContent("no pertenece")
    expect(within(dialog).getByRole("combobox", { name: "Especialidades" })).toHaveAccessibleDescription(
      expect.stringContaining("La especialidad «Maestro de turno» no pertenece a la familia Hogar")
    )
    expect(server.calls("POST /api/assistance/create")).toHaveLength(1)

    await user.click(within(dialog).getByRole("button", { name: "Quitar Piso del departamento" }))
    // Backspace in an empty multi-select drops its last choice.
    await user.click(within(dialog).getByRole("combobox", { name: "Especialidades" }))
    await user.keyboard("{Backspace}{Escape}")
    expect(pills(dialog, "Especialidades")).toEqual([])
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()
    expect(readable(await assistanceNamed(server, "Reparación de piso"))).toMatchObject({ values: ["Tipo de vivienda"], specialties: [] })
  })

  it("shows a server message on the name beside it, and lists in the alert what no field shows", async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Pintura de fachada")
    // The server checks the name with the form's own contract, so it never refuses one the form
    // let through, nor names a field the form lacks: this answer stands for a future rule of it.
    server.override.set("POST /api/assistance/create", () =>
      Response.json(
        {
          _tag: "BadRequest",
          message: "Hay datos que no se pueden usar",
          issues: [
            { path: ["name"], message: "Nombre reservado" },
            { path: ["other"], message: "Otro problema" }
          ]
        },
        { status: 400 }
      )
    )
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    const alert = await within(dialog).findByText("No se pudo guardar")
    expect(alert.closest("[role=alert]") ?? alert.parentElement!).toHaveTextContent("Hay datos que no se pueden usar")
    expect(within(dialog).getByRole("textbox", { name: "Nombre" })).toHaveAccessibleDescription("Nombre reservado")
    // What no field shows is listed in the alert.
    expect(within(dialog).getByText("Otro problema")).toBeInTheDocument()

    server.override.delete("POST /api/assistance/create")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio creado")).toBeInTheDocument()
    expect((await assistanceNamed(server, "Pintura de fachada")).family_name).toBe("Hogar")
  })

  it("says when the name is taken in the family (409)", async () => {
    const { dialog, user } = await openNew()
    await pick(user, dialog, "Familia", "Hogar")
    // The seeded Hogar service, in other letters' case: the server compares names case aside.
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "cerrajería{Enter}")
    expect(await within(dialog).findByText("Ya existe un servicio activo con ese nombre en la familia")).toBeInTheDocument()
    expect(server.calls("POST /api/assistance/create")).toHaveLength(1)
    // Still the one Cerrajería of Hogar.
    const hogar = (await assistances(server)).filter((a) => a.family_name === "Hogar" && a.name.toLowerCase() === "cerrajería")
    expect(hogar.map((a) => a.name)).toEqual(["Cerrajería"])
  })
})
