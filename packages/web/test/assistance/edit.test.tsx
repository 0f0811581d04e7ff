import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { renderMasters } from "../masters/renderMasters"
import { catalogSeed } from "./catalogSeed"
import { startAssistanceServer } from "./fakeAssistances"
import { listed } from "./openForm"

const long = { timeout: 60_000 }

describe("editing a servicio", () => {
  it("opens with everything it has, in its order, and sends the whole assistance back", long, async () => {
    const server = startAssistanceServer(
      catalogSeed({
        assistances: [
          {
            family: "Hogar",
            name: "Gasfitería urgente",
            description: "Filtraciones",
            values: ["Fecha del daño", "Dirección"],
            specialties: ["Gasfitería"],
            documents: ["Boleta"],
            benefits: ["Mano de obra", "Materiales"],
            exclusions: ["Daños previos"]
          }
        ]
      })
    )
    const { user } = renderMasters("/masters/assistance")
    await user.click(await screen.findByRole("button", { name: "Editar Gasfitería urgente" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar servicio" })
    expect(within(dialog).getByRole("combobox", { name: "Familia" })).toHaveValue("Hogar")
    expect(within(dialog).getByRole("textbox", { name: "Descripción" })).toHaveValue("Filtraciones")
    expect(await within(dialog).findByText("D · Fecha")).toBeInTheDocument()
    expect(listed(dialog, "Valores a capturar")).toEqual(["Fecha del daño", "Dirección"])
    expect(listed(dialog, "Beneficios")).toEqual(["Mano de obra", "Materiales"])
    expect(listed(dialog, "Exclusiones")).toEqual(["Daños previos"])

    await user.click(within(dialog).getByRole("button", { name: "Subir beneficio 2" }))
    await user.click(within(dialog).getByRole("button", { name: "Quitar exclusión 1" }))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Servicio actualizado")).toBeInTheDocument()
    const id = server.assistanceId("Gasfitería urgente")
    // The seed's updateById: the id in the body, every list sent whole.
    expect(server.catalogCalls("PUT /api/assistance/updateById").map((r) => r.body)).toEqual([
      {
        id,
        family_id: server.masterId("family", "Hogar"),
        name: "Gasfitería urgente",
        description: "Filtraciones",
        values: [server.masterId("value", "Fecha del daño"), server.masterId("value", "Dirección")],
        specialties: [server.masterId("specialty", "Gasfitería")],
        documents: [server.masterId("document", "Boleta")],
        benefits: ["Materiales", "Mano de obra"],
        exclusions: []
      }
    ])
  })
})
