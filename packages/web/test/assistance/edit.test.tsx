import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { arranged, assistanceNamed, createAssistance, familyMembers, openServices, readable } from "./catalog"
import { listed, pills } from "./openForm"

const server = useRealServer()

describe("editing a servicio", () => {
  it("opens with everything it has, in its order, and sends the whole assistance back", async () => {
    await server.signIn("admin@palma.cl")
    // Its values not in the family's order (the list is by name), to see the asking order kept.
    const created = await createAssistance(server, {
      family: "Hogar",
      name: "Gasfitería nocturna",
      description: "Filtraciones",
      values: ["Descripción del daño", "Tipo de vivienda"],
      specialties: ["Gasfitería"],
      documents: ["Boleta o factura"],
      benefits: ["Mano de obra", "Materiales"],
      exclusions: ["Daños previos"]
    })
    arranged(server)
    const { user } = await openServices(server)
    await user.click(await screen.findByRole("button", { name: "Editar Gasfitería nocturna" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar servicio" })
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Hogar")
    expect(within(dialog).getByRole("textbox", { name: "Descripción" })).toHaveValue("Filtraciones")
    // The values' types come with the family's values: "Descripción del daño" is a long text.
    expect(await within(dialog).findByText("C · Texto largo")).toBeInTheDocument()
    expect(listed(dialog, "Valores a capturar")).toEqual(["Descripción del daño", "Tipo de vivienda"])
    // Its specialty and document, as the multi-selects' pills.
    expect(pills(dialog, "Especialidades")).toEqual(["Gasfitería"])
    expect(pills(dialog, "Documentos")).toEqual(["Boleta o factura"])
    expect(listed(dialog, "Beneficios")).toEqual(["Mano de obra", "Materiales"])
    expect(listed(dialog, "Exclusiones")).toEqual(["Daños previos"])

    await user.click(within(dialog).getByRole("button", { name: "Subir beneficio 2" }))
    await user.click(within(dialog).getByRole("button", { name: "Quitar exclusión 1" }))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio actualizado")).toBeInTheDocument()
    const hogar = await familyMembers(server, "Hogar")
    // The seed's updateById: the id in the body, every list sent whole.
    expect(server.calls("PUT /api/assistance/updateById").map((r) => r.body)).toEqual([
      {
        id: created.id,
        family_id: hogar.family_id,
        name: "Gasfitería nocturna",
        description: "Filtraciones",
        values: [hogar.value("Descripción del daño"), hogar.value("Tipo de vivienda")],
        specialties: [hogar.specialty("Gasfitería")],
        documents: [hogar.document("Boleta o factura")],
        benefits: ["Materiales", "Mano de obra"],
        exclusions: []
      }
    ])
    // The same service, stored with the benefits swapped and no exclusion left.
    const stored = await assistanceNamed(server, "Gasfitería nocturna")
    expect(stored.id).toBe(created.id)
    expect(readable(stored)).toEqual({
      family: "Hogar",
      name: "Gasfitería nocturna",
      description: "Filtraciones",
      values: ["Descripción del daño", "Tipo de vivienda"],
      specialties: ["Gasfitería"],
      documents: ["Boleta o factura"],
      benefits: ["Materiales", "Mano de obra"],
      exclusions: []
    })
  })
})
