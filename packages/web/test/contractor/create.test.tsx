import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"
import { contractors } from "./seed"

const server = useRealServer()

const openNew = async () => {
  const opened = await openAs(server, admin, "/entities/contractor/new")
  const form = within(await screen.findByRole("form", { name: "Datos del contratante" }))
  return { ...opened, form }
}

describe("Nuevo contratante", () => {
  it("checks the RUT by módulo 11 and the names before sending anything, in Spanish", async () => {
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), "12.345.678-9")
    await user.type(form.getByRole("textbox", { name: "Fecha de nacimiento" }), "1980/04/12")
    await user.click(form.getByRole("button", { name: "Crear contratante" }))
    expect(await form.findByText("Fecha inválida (use DD-MM-AAAA)")).toBeInTheDocument()
    expect(await form.findByText("RUT inválido: revise el número y el dígito verificador")).toBeInTheDocument()
    expect(form.getAllByText("Este campo es obligatorio")).toHaveLength(2)
    expect(form.getByRole("textbox", { name: "RUT" })).toHaveFocus()
    expect(server.calls("POST /api/contractor/create")).toEqual([])
  })

  it("creates a person, looked up by RUT first, and opens their page", async () => {
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), "15.432.108-k")
    await user.tab()
    // Formatted on leaving the field.
    expect(form.getByRole("textbox", { name: "RUT" })).toHaveValue("15.432.108-K")
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Óscar")
    await user.type(form.getByRole("textbox", { name: "Apellido paterno" }), "Muñoz")
    await user.type(form.getByRole("textbox", { name: "Fecha de nacimiento" }), "12-04-1980")
    await user.type(form.getByRole("textbox", { name: "Correo electrónico" }), "oscar@correo.cl")
    await user.click(form.getByRole("button", { name: "Crear contratante" }))
    expect(await screen.findByText("Contratante creado")).toBeInTheDocument()
    expect(await screen.findByRole("heading", { level: 1, name: "Óscar Muñoz" })).toBeInTheDocument()
    expect(screen.getByText("Persona · RUT 15.432.108-K")).toBeInTheDocument()
    expect(server.calls("GET /api/contractor/getByRut/15432108-K/P")).toHaveLength(1)
    expect(server.calls("POST /api/contractor/create")[0]!.body).toMatchObject({
      type: "P",
      rut: "15432108-K",
      name: "Óscar",
      paternalLastName: "Muñoz",
      birthDate: "1980-04-12"
    })
    expect(screen.getByText("12-04-1980")).toBeInTheDocument()
    const [created] = await contractors(server, { rut: "15432108-K" })
    expect(window.location.pathname).toBe(`/entities/contractor/${created!.id}`)
    expect(screen.getByText("No tiene suscripciones.")).toBeInTheDocument()
  })

  it("creates a company with its razón social, legal representative and line", async () => {
    const { user, form } = await openNew()
    await user.click(form.getByRole("radio", { name: "Empresa" }))
    expect(form.queryByRole("textbox", { name: "Apellido paterno" })).not.toBeInTheDocument()
    await user.type(form.getByRole("textbox", { name: "RUT" }), "76.101.202-9")
    await user.type(form.getByRole("textbox", { name: "Razón social" }), "Servicios Ñuble Ltda.")
    await user.type(form.getByRole("textbox", { name: "Representante legal" }), "Inés Pérez")
    await user.type(form.getByRole("textbox", { name: "Giro" }), "Transporte")
    await user.click(form.getByRole("button", { name: "Crear contratante" }))
    expect(await screen.findByRole("heading", { level: 1, name: "Servicios Ñuble Ltda." })).toBeInTheDocument()
    expect(screen.getByText("Empresa · RUT 76.101.202-9")).toBeInTheDocument()
    expect(screen.getByText("Inés Pérez")).toBeInTheDocument()
  })

  it("opens the contractor who already has that RUT instead of overwriting them", async () => {
    await server.signIn(admin.email, admin.password)
    const existing = (await contractors(server, { contractorType: "P" }))[0]!
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), existing.rut)
    await user.tab()
    await waitFor(() => expect(window.location.pathname).toBe(`/entities/contractor/${existing.id}`))
    expect(await screen.findByText(`El RUT ya es de ${existing.name.split(" ")[0]}: se abrió su ficha`, { exact: false })).toBeInTheDocument()
    expect(server.calls("POST /api/contractor/create")).toEqual([])
  })
})
