import { screen, within } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { masterMenu, masterRoutes } from "../../src/app/routes/masterRoutes"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { idOf, listOf } from "./masterApi"
import { renderMasters } from "./renderMasters"

const server = useRealServer()
// One admin session for the file: the screens are reached as an admin would.
beforeAll(() => server.signIn(admin.email))

const screens = [
  { path: "masters/family", title: "Familias", create: "Nueva familia", columns: ["Nombre"] },
  { path: "masters/specialty", title: "Especialidades", create: "Nueva especialidad", columns: ["Nombre", "Familia", "Descripción"] },
  { path: "masters/valueType", title: "Tipos de valor", create: "Nuevo tipo de valor", columns: ["Código", "Nombre", "Descripción"] },
  { path: "masters/value", title: "Valores", create: "Nuevo valor", columns: ["Nombre", "Familia", "Tipo", "Descripción"] },
  { path: "masters/document", title: "Documentos", create: "Nuevo documento", columns: ["Nombre", "Familia", "Descripción"] },
  { path: "masters/stage", title: "Etapas", create: "Nueva etapa", columns: ["N°", "Nombre", "Código"] }
]

describe("master screens", () => {
  it("has one route per menu entry", () => {
    expect(masterMenu.map((m) => m.label)).toEqual([
      "Familias",
      "Especialidades",
      "Tipos de valor",
      "Valores",
      "Documentos",
      "Etapas",
      "Servicios",
      "Productos",
      "Formatos de archivo"
    ])
    expect(masterRoutes.map((r) => r.path)).toEqual(masterMenu.map((m) => m.path))
  })

  // Every master has seeded rows, so each screen shows its table (the empty state is kit/empty.test.tsx).
  it.each(screens)("$path shows its title, columns and create button", async ({ path, title, create, columns }) => {
    renderMasters(`/${path}`)
    expect(await screen.findByRole("heading", { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByRole("button", { name: create })).toBeInTheDocument()
    const table = await screen.findByRole("table", { name: title })
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent)
    ).toEqual([...columns, "Acciones"])
    expect(within(table).getAllByRole("row").length).toBeGreaterThan(1)
  })

  it("value types take one letter, upper-cased", async () => {
    const { user } = renderMasters("/masters/valueType")
    await screen.findByRole("cell", { name: "Texto corto" })
    await user.click(screen.getByRole("button", { name: "Nuevo tipo de valor" }))
    const dialog = await screen.findByRole("dialog", { name: "Nuevo tipo de valor" })
    const code = within(dialog).getByRole("textbox", { name: "Código" })
    await user.type(code, "1")
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Hora{Enter}")
    expect(await within(dialog).findByText("El código debe ser una letra (p. ej. D, S, C, N)")).toBeInTheDocument()
    expect(server.calls("POST /api/valueType/create")).toEqual([])

    // The seed has D, S, C and N; H is free.
    await user.clear(code)
    await user.type(code, "hx")
    expect(code).toHaveValue("H")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Tipo de valor creado")).toBeInTheDocument()
    expect(server.calls("POST /api/valueType/create").map((r) => r.body)).toEqual([{ code: "H", name: "Hora", description: "" }])
    expect(await listOf(server, "valueType")).toContainEqual(expect.objectContaining({ code: "H", name: "Hora" }))
  })

  it("stages need only a name: code and order are optional", async () => {
    const { user } = renderMasters("/masters/stage")
    await screen.findByRole("cell", { name: "Datos del solicitante" })
    await user.click(screen.getByRole("button", { name: "Nueva etapa" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva etapa" })
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Revisión")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Etapa creada")).toBeInTheDocument()
    expect(server.calls("POST /api/stage/create").map((r) => r.body)).toEqual([{ name: "Revisión" }])
    // The server fills in what was left out: a code from the name and a place in the order.
    const stored = (await listOf(server, "stage")).find((s) => s.name === "Revisión")
    expect(stored).toMatchObject({ code: "revision", number: expect.any(Number) })
  })

  it("stages take a whole number above zero and a code of lower-case letters", async () => {
    const { user } = renderMasters("/masters/stage")
    await screen.findByRole("cell", { name: "Datos del solicitante" })
    await user.click(screen.getByRole("button", { name: "Nueva etapa" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva etapa" })
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Revisión técnica")
    await user.type(within(dialog).getByRole("textbox", { name: "Código" }), "Revisión!")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("El código debe usar minúsculas, números o _ (2 a 40 caracteres)")).toBeInTheDocument()
    expect(within(dialog).getByRole("textbox", { name: "Código" })).toHaveAttribute("aria-invalid", "true")

    await user.type(within(dialog).getByRole("textbox", { name: "Número" }), "0")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("Debe ser un número entero mayor que cero")).toBeInTheDocument()
    expect(server.calls("POST /api/stage/create")).toEqual([])

    await user.clear(within(dialog).getByRole("textbox", { name: "Número" }))
    await user.type(within(dialog).getByRole("textbox", { name: "Número" }), "2")
    await user.clear(within(dialog).getByRole("textbox", { name: "Código" }))
    await user.type(within(dialog).getByRole("textbox", { name: "Código" }), "review")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Etapa creada")).toBeInTheDocument()
    expect(server.calls("POST /api/stage/create").map((r) => r.body)).toEqual([{ number: 2, name: "Revisión técnica", code: "review" }])
    expect(await listOf(server, "stage")).toContainEqual(expect.objectContaining({ number: 2, name: "Revisión técnica", code: "review" }))
  })

  it("values pick a family and a value type", async () => {
    const { user } = renderMasters("/masters/value")
    await screen.findByRole("cell", { name: "Nombre de la mascota" })
    await user.click(screen.getByRole("button", { name: "Nuevo valor" }))
    const dialog = await screen.findByRole("dialog", { name: "Nuevo valor" })
    await user.click(within(dialog).getByRole("combobox", { name: "Familia" }))
    await user.click(await within(dialog).findByRole("option", { name: "Mascotas" }))
    await user.click(within(dialog).getByRole("combobox", { name: "Tipo de valor" }))
    await user.click(await within(dialog).findByRole("option", { name: "S · Texto corto" }))
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Raza")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Valor creado")).toBeInTheDocument()
    const row = (await screen.findByRole("cell", { name: "Raza" })).closest("tr")!
    expect(within(row).getByRole("cell", { name: "S · Texto corto" })).toBeInTheDocument()
    const mascotas = await idOf(server, "family", "Mascotas")
    expect(server.calls("POST /api/value/create").map((r) => r.body)).toEqual([{ family_id: mascotas, valuetype_code: "S", name: "Raza", description: "" }])
    expect(await listOf(server, "value")).toContainEqual(expect.objectContaining({ family_id: mascotas, valuetype_code: "S", name: "Raza" }))
  })
})
