import { type PartnerDetail, Rut } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { createPartner, namesIn, openAsAdmin, rutOf, specialtyId } from "./seed"

const server = useRealServer()

const byRut = (rut: string) => server.api<PartnerDetail | null>("GET", `/api/partner/getByRut/${rut}`)

describe("Alianzas", () => {
  it("lists the partners a page at a time, searched without accents and filtered by specialty", async () => {
    await server.signIn("admin@palma.cl")
    const own = await createPartner(server, rutOf("77123456"), "Técnicos Ñielol Ltda.", ["Grúa"])
    const { user } = await openAsAdmin(server, "/entities/partner")
    expect(await screen.findByRole("heading", { level: 1, name: "Alianzas" })).toBeInTheDocument()
    // 15 demo partners and this one; no comunas served nor remote work to filter by.
    expect(await screen.findByText("1–16 de 16")).toBeInTheDocument()
    expect(screen.queryByRole("combobox", { name: "Filtrar por comuna" })).not.toBeInTheDocument()
    expect(server.calls("GET /api/partner/page").at(-1)!.params.get("pageSize")).toBe("20")

    await user.type(screen.getByRole("searchbox", { name: "Buscar" }), "nielol")
    await waitFor(() => expect(namesIn("Alianzas")).toEqual(["Técnicos Ñielol Ltda."]))
    const row = within(screen.getByRole("cell", { name: Rut.format(own.rut) }).closest("tr")!)
    expect(row.getByRole("cell", { name: "Grúa" })).toBeInTheDocument()

    await user.clear(screen.getByRole("searchbox", { name: "Buscar" }))
    await user.click(screen.getByRole("combobox", { name: "Filtrar por especialidad" }))
    await user.click(await screen.findByRole("option", { name: "Grúa" }))
    await waitFor(() => expect(namesIn("Alianzas")).toContain("Técnicos Ñielol Ltda."))
    expect(server.calls("GET /api/partner/page").at(-1)!.params.get("specialty_id")).toBe(await specialtyId(server, "Grúa"))
    for (const name of namesIn("Alianzas")) expect(name).not.toBe("Cerrajería Central Ltda.")
  })

  it("creates a partner from a RUT nobody has, prefilled with it", async () => {
    const rut = rutOf("77234567")
    const { user } = await openAsAdmin(server, "/entities/partner/new")
    const lookup = within(await screen.findByRole("form", { name: "Buscar por RUT" }))
    await user.type(lookup.getByRole("textbox", { name: "RUT" }), Rut.format(rut))
    await user.click(lookup.getByRole("button", { name: "Buscar" }))
    expect(await screen.findByText(`No hay una alianza con el RUT ${Rut.format(rut)}: complete sus datos para registrarla.`)).toBeInTheDocument()
    const form = within(screen.getByRole("form", { name: "Datos de la alianza" }))
    await user.type(form.getByRole("textbox", { name: "Razón social" }), "Vidrios del Pacífico SpA")
    await user.type(form.getByRole("textbox", { name: "Giro" }), "Vidriería")
    await user.click(within(await form.findByRole("group", { name: "Hogar" })).getByRole("checkbox", { name: "Vidriería" }))
    await user.click(form.getByRole("button", { name: "Crear alianza" }))
    expect(await screen.findByText("Alianza creada")).toBeInTheDocument()
    expect(server.calls("POST /api/partner/create")[0]!.body).toMatchObject({ rut, name: "Vidrios del Pacífico SpA", line: "Vidriería" })
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/entities\/partner\/[0-9a-f-]{36}$/))
    expect(await byRut(rut)).toMatchObject({ name: "Vidrios del Pacífico SpA", line: "Vidriería", isActive: true })
  })

  it("deletes a partner from the list only after confirmation", async () => {
    await server.signIn("admin@palma.cl")
    const doomed = await createPartner(server, rutOf("77345678"), "Cerrajeros Por Cerrar", ["Cerrajería"])
    const { user } = await openAsAdmin(server, "/entities/partner?search=por%20cerrar")
    await user.click(await screen.findByRole("button", { name: "Eliminar Cerrajeros Por Cerrar" }))
    const dialog = await screen.findByRole("dialog", { name: "¿Eliminar Cerrajeros Por Cerrar?" })
    expect(within(dialog).getByText(/La alianza dejará de estar disponible/)).toBeInTheDocument()
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Alianza eliminada")).toBeInTheDocument()
    expect(server.calls(`DELETE /api/partner/deletePartner/${doomed.id}`)).toHaveLength(1)
    expect(await screen.findByText("No hay registros")).toBeInTheDocument()
    expect(await byRut(doomed.rut)).toMatchObject({ isActive: false })
  })
})
