import type { PartnerDetail, SpecialistDetail } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { createPartner, createSpecialist, openAsAdmin, rutOf } from "./seed"

const server = useRealServer()

const STALE = "Otro usuario modificó este registro. Recargue para ver los cambios."

describe("a provider another user changed while its page was open (issue 10 §6)", () => {
  it("the save by id is refused with the server's 412; Recargar shows the stored data and keeps what was typed listed", async () => {
    await server.signIn("admin@palma.cl")
    const specialist = await createSpecialist(server, {
      rut: rutOf("19283746"),
      name: "Marta",
      paternalLastName: "Quilapán",
      specialties: ["Gasfitería"],
      isRemote: true
    })
    const { user } = await openAsAdmin(server, `/entities/specialist/${specialist.id}`)
    const form = within(await screen.findByRole("form", { name: "Datos del especialista" }))
    await user.type(form.getByRole("textbox", { name: "Dirección" }), "Mi dirección 123")

    // Another admin saves first, with the original client's upsert (no If-Match: it wins).
    await server.api("POST", "/api/specialist/create", {
      rut: specialist.rut,
      name: "Marta",
      paternalLastName: "Quilapán",
      phone: "987654321",
      specialties: specialist.specialties.map((s) => s.id),
      isRemote: true
    })
    server.requests.length = 0
    await user.click(form.getByRole("button", { name: "Guardar cambios" }))

    expect(await form.findByText(STALE)).toBeInTheDocument()
    const [refused] = server.calls(`PUT /api/specialist/update/${specialist.id}`)
    expect(refused?.headers.get("if-match")).toMatch(/^"\d+"$/)
    expect(server.calls("POST /api/specialist/create")).toEqual([])
    expect(form.getByRole("textbox", { name: "Dirección" })).toHaveValue("Mi dirección 123")
    expect(await server.api<SpecialistDetail>("GET", `/api/specialist/getById/${specialist.id}`)).toMatchObject({ address: "", phone: "987654321" })

    await user.click(form.getByRole("button", { name: "Recargar" }))
    await waitFor(() => expect(form.getByRole("textbox", { name: "Teléfono" })).toHaveValue("987654321"))
    expect(form.getByRole("textbox", { name: "Dirección" })).toHaveValue("")
    expect(within(form.getByRole("list", { name: "Lo que usted escribió" })).getByText("Dirección: Mi dirección 123")).toBeInTheDocument()

    // Re-applied over the version just read, the save goes through and keeps the other admin's phone.
    await user.type(form.getByRole("textbox", { name: "Dirección" }), "Mi dirección 123")
    await user.click(form.getByRole("button", { name: "Guardar cambios" }))
    expect(await screen.findByText("Especialista actualizado")).toBeInTheDocument()
    expect(await server.api<SpecialistDetail>("GET", `/api/specialist/getById/${specialist.id}`)).toMatchObject({
      address: "Mi dirección 123",
      phone: "987654321"
    })
  })

  it("a delete confirmed from the list after another user's change is refused with 412, and the partner stays active", async () => {
    await server.signIn("admin@palma.cl")
    const partner = await createPartner(server, rutOf("77456789"), "Vidrios Compartidos", ["Cerrajería"])
    const { user } = await openAsAdmin(server, "/entities/partner?search=vidrios%20compartidos")
    await user.click(await screen.findByRole("button", { name: "Eliminar Vidrios Compartidos" }))
    const dialog = await screen.findByRole("dialog", { name: "¿Eliminar Vidrios Compartidos?" })

    // Another admin changes it while the question is open (the original client's upsert: it wins).
    await server.api("POST", "/api/partner/create", {
      rut: partner.rut,
      name: "Vidrios Compartidos",
      line: "Vidriería",
      specialties: partner.specialties.map((s) => s.id)
    })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))

    expect(await within(dialog).findByText(STALE)).toBeInTheDocument()
    const [refused] = server.calls(`DELETE /api/partner/deletePartner/${partner.id}`)
    expect(refused?.headers.get("if-match")).toMatch(/^"\d+"$/)
    expect(await server.api<PartnerDetail>("GET", `/api/partner/getById/${partner.id}`)).toMatchObject({ isActive: true, line: "Vidriería" })
  })
})
