import { Rut, type SpecialistDetail } from "@palma/core"
import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { createSpecialist, openAsAdmin, rutOf, specialtyId } from "./seed"

const server = useRealServer()

const writes = () => server.requests.filter((r) => r.path.startsWith("/api/specialist/") && r.method !== "GET")
const byRut = (rut: string) => server.api<SpecialistDetail | null>("GET", `/api/specialist/getByRut/${rut}`)

/** Opens Nuevo especialista and looks `rut` up. */
const lookUp = async (rut: string) => {
  const view = await openAsAdmin(server, "/entities/specialist/new")
  const lookup = within(await screen.findByRole("form", { name: "Buscar por RUT" }))
  await view.user.type(lookup.getByRole("textbox", { name: "RUT" }), rut)
  await view.user.click(lookup.getByRole("button", { name: "Buscar" }))
  return view
}

describe("a specialist's page", () => {
  it("checks the RUT by its check digit before looking it up", async () => {
    const { user } = await openAsAdmin(server, "/entities/specialist/new")
    const lookup = within(await screen.findByRole("form", { name: "Buscar por RUT" }))
    await user.type(lookup.getByRole("textbox", { name: "RUT" }), "12.345.678-9")
    await user.click(lookup.getByRole("button", { name: "Buscar" }))
    expect(await lookup.findByText("RUT inválido: revise el número y el dígito verificador")).toBeInTheDocument()
    expect(lookup.getByRole("textbox", { name: "RUT" })).toHaveAttribute("aria-invalid", "true")
    expect(server.requests.filter((r) => r.path.startsWith("/api/specialist/getByRut"))).toEqual([])
  })

  it("opens a new record prefilled with a RUT nobody has, and creates it with its specialties and comunas", async () => {
    const rut = rutOf("24681357")
    const { user } = await lookUp(rut.replace("-", ""))
    expect(await screen.findByText("RUT sin registro")).toBeInTheDocument()
    expect(server.calls(`GET /api/specialist/getByRut/${rut}`)).toHaveLength(1)
    expect(screen.getByText(`RUT ${Rut.format(rut)}`)).toBeInTheDocument()
    const form = within(screen.getByRole("form", { name: "Datos del especialista" }))

    // Nothing is sent while it lacks what the contract requires.
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Rosa")
    await user.type(form.getByRole("textbox", { name: "Apellido paterno" }), "Huenchumil")
    await user.click(form.getByRole("button", { name: "Crear especialista" }))
    expect(await form.findByText("Indique al menos una especialidad")).toBeInTheDocument()
    expect(writes()).toEqual([])

    // By family: the Hogar family's specialties in its own group.
    await user.click(within(await form.findByRole("group", { name: "Hogar" })).getByRole("checkbox", { name: "Cerrajería" }))
    await user.click(form.getByRole("button", { name: "Crear especialista" }))
    expect(await form.findByText("Indique al menos una comuna o marque atención remota")).toBeInTheDocument()
    await user.type(form.getByRole("textbox", { name: "Fecha de nacimiento" }), "7/3/85")
    await user.click(form.getByRole("button", { name: "Crear especialista" }))
    expect(await form.findByText("Fecha inválida (use dd-mm-aaaa)")).toBeInTheDocument()
    expect(writes()).toEqual([])
    await user.clear(form.getByRole("textbox", { name: "Fecha de nacimiento" }))
    await user.type(form.getByRole("textbox", { name: "Fecha de nacimiento" }), "7-3-1985")

    // The whole region at once, and again to clear it.
    const valparaiso = form.getByRole("checkbox", { name: "Toda la región: Valparaíso" })
    await user.click(valparaiso)
    expect(form.getByText("38 comunas elegidas")).toBeInTheDocument()
    await user.click(valparaiso)
    expect(form.getByText("Ninguna comuna elegida")).toBeInTheDocument()
    // Ñuble whole, minus one comuna picked off by hand.
    await user.click(form.getByRole("checkbox", { name: "Toda la región: Ñuble" }))
    await user.click(form.getByRole("button", { name: /^Ñuble/ }))
    await user.click(within(form.getByRole("group", { name: "Comunas de Ñuble" })).getByRole("checkbox", { name: "Chillán Viejo" }))
    expect(form.getByText("20 comunas elegidas")).toBeInTheDocument()
    expect(form.getByRole("checkbox", { name: "Toda la región: Ñuble" })).toHaveAttribute("data-indeterminate", "true")

    await user.click(form.getByRole("button", { name: "Crear especialista" }))
    expect(await screen.findByText("Especialista creado")).toBeInTheDocument()
    const body = server.calls("POST /api/specialist/create")[0]!.body as Record<string, unknown>
    expect(body).toMatchObject({ rut, name: "Rosa", paternalLastName: "Huenchumil", birthDate: "1985-03-07", isRemote: false })
    expect(body.specialties).toEqual([await specialtyId(server, "Cerrajería")])
    expect(body.districts).toHaveLength(20)
    expect(body.districts).toContain("16101")
    expect(body.districts).not.toContain("16103")
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/entities\/specialist\/[0-9a-f-]{36}$/))
    expect(await screen.findByRole("heading", { level: 1, name: "Rosa Huenchumil" })).toBeInTheDocument()
    const saved = await byRut(rut)
    expect(saved).toMatchObject({ name: "Rosa", birthDate: "1985-03-07", isActive: true })
    expect(saved!.districts).toHaveLength(20)
  })

  it("opens the specialist who has the RUT looked up, with their data, and saves over it", async () => {
    await server.signIn("admin@palma.cl")
    const existing = await createSpecialist(server, {
      rut: rutOf("13579246"),
      name: "Héctor",
      paternalLastName: "Catrileo",
      specialties: ["Gasfitería"],
      districts: ["13114"]
    })
    const { user } = await lookUp(Rut.format(existing.rut))
    expect(await screen.findByText("Este RUT ya está registrado")).toBeInTheDocument()
    expect(screen.getByText(`Se cargaron los datos del especialista con el RUT ${Rut.format(existing.rut)} para editarlos.`)).toBeInTheDocument()
    expect(window.location.pathname).toBe(`/entities/specialist/${existing.id}`)
    const form = within(screen.getByRole("form", { name: "Datos del especialista" }))
    expect(form.getByRole("textbox", { name: "Nombre" })).toHaveValue("Héctor")
    expect(form.getByText("1 comuna elegida")).toBeInTheDocument()
    expect(writes()).toEqual([])

    await user.click(form.getByRole("checkbox", { name: "Atención remota" }))
    await user.click(form.getByRole("button", { name: "Guardar cambios" }))
    expect(await screen.findByText("Especialista actualizado")).toBeInTheDocument()
    expect(await byRut(existing.rut)).toMatchObject({ id: existing.id, isRemote: true })

    // Unsaved changes hold the page until the person chooses; saved ones do not.
    const edited = within(screen.getByRole("form", { name: "Datos del especialista" }))
    await user.type(edited.getByRole("textbox", { name: "Apellido materno" }), "Painemal")
    await user.click(screen.getByRole("link", { name: "← Especialistas" }))
    const ask = await screen.findByRole("dialog", { name: "¿Descartar los cambios?" })
    await user.click(within(ask).getByRole("button", { name: "Seguir editando" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(window.location.pathname).toBe(`/entities/specialist/${existing.id}`)
    expect(edited.getByRole("textbox", { name: "Apellido materno" })).toHaveValue("Painemal")
    await user.click(screen.getByRole("link", { name: "← Especialistas" }))
    await user.click(within(await screen.findByRole("dialog", { name: "¿Descartar los cambios?" })).getByRole("button", { name: "Descartar cambios" }))
    await waitFor(() => expect(window.location.pathname).toBe("/entities/specialist"))
    expect((await byRut(existing.rut))!.maternalLastName).toBe("")
  })

  it("deletes only after confirmation, and a deleted one is restored by saving it", async () => {
    await server.signIn("admin@palma.cl")
    const doomed = await createSpecialist(server, {
      rut: rutOf("14725836"),
      name: "Luis",
      paternalLastName: "Millán",
      specialties: ["Pintura"],
      isRemote: true
    })
    const { user } = await openAsAdmin(server, `/entities/specialist/${doomed.id}`)
    await screen.findByRole("form", { name: "Datos del especialista" })
    await user.click(screen.getByRole("button", { name: "Eliminar" }))
    const dialog = await screen.findByRole("dialog", { name: "¿Eliminar Luis Millán?" })
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(writes()).toEqual([])

    await user.click(screen.getByRole("button", { name: "Eliminar" }))
    await user.click(within(await screen.findByRole("dialog", { name: "¿Eliminar Luis Millán?" })).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Especialista eliminado")).toBeInTheDocument()
    expect(server.calls(`DELETE /api/specialist/deleteById/${doomed.id}`)).toHaveLength(1)
    await waitFor(() => expect(window.location.pathname).toBe("/entities/specialist"))
    expect(await byRut(doomed.rut)).toMatchObject({ isActive: false })

    // Looked up again, it opens marked deleted; saving restores it.
    await user.click(await screen.findByRole("button", { name: "Nuevo especialista" }))
    const lookup = within(await screen.findByRole("form", { name: "Buscar por RUT" }))
    await user.type(lookup.getByRole("textbox", { name: "RUT" }), doomed.rut)
    await user.click(lookup.getByRole("button", { name: "Buscar" }))
    expect(await screen.findByText("Eliminado")).toBeInTheDocument()
    await user.click(screen.getByRole("button", { name: "Guardar y reactivar" }))
    expect(await screen.findByText("Especialista actualizado")).toBeInTheDocument()
    expect(await byRut(doomed.rut)).toMatchObject({ isActive: true })
  })
})
