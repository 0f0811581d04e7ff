import { screen, waitFor, within } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { create, getOf, listOf } from "./masterApi"
import { renderMasters } from "./renderMasters"

const server = useRealServer()
// One admin session for the file: the screens are reached as an admin would.
beforeAll(() => server.signIn(admin.email))

/** The happy-dom fetch, not the recorded one: to reach the server behind the app's back. */
const pageFetch = globalThis.fetch

const writes = () => server.requests.filter((r) => r.method !== "GET")
const familyNames = async () => (await listOf(server, "family")).map((f) => f.name)

/** Opens Familias once `name` (a seeded family, or one the test created) is listed. */
const openFamilies = async (name = "Hogar") => {
  // Only the app's own requests count from here, not the test's arranging ones.
  server.requests.length = 0
  const view = renderMasters("/masters/family")
  await screen.findByRole("cell", { name })
  return view
}

describe("families", () => {
  it("validates before sending, then creates, closes the dialog, toasts and reloads", async () => {
    const { user } = await openFamilies()
    await user.click(screen.getByRole("button", { name: "Nueva familia" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva familia" })
    const name = within(dialog).getByRole("textbox", { name: "Nombre" })
    expect(name).toHaveFocus()

    // Blank, then only spaces: the contract's schema refuses both, and nothing is sent.
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("Este campo es obligatorio")).toBeInTheDocument()
    expect(name).toHaveAttribute("aria-invalid", "true")
    await user.type(name, "   {Enter}")
    expect(within(dialog).getByText("Este campo es obligatorio")).toBeInTheDocument()
    await user.clear(name)
    await user.click(name)
    await user.paste("x".repeat(81))
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("Debe tener como máximo 80 caracteres")).toBeInTheDocument()
    expect(writes()).toEqual([])

    await user.clear(name)
    await user.type(name, "  Familia A1 {Enter}")
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Nueva familia" })).not.toBeInTheDocument())
    expect(await screen.findByRole("cell", { name: "Familia A1" })).toBeInTheDocument()
    // What is sent is what the schema decoded: trimmed.
    expect(writes()).toMatchObject([{ method: "POST", path: "/api/family/create", body: { name: "Familia A1" } }])
    expect(await familyNames()).toContain("Familia A1")
  })

  it("shows the server's message when it refuses a duplicate (409), and keeps the dialog open", async () => {
    const { user } = await openFamilies()
    await user.click(screen.getByRole("button", { name: "Nueva familia" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva familia" })
    // The seed's Hogar, in other letters: active names are unique without case.
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "hogar")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("Ya existe una familia activa con ese nombre")).toBeInTheDocument()
    expect(within(dialog).getByText("No se pudo guardar")).toBeInTheDocument()
    expect(writes()).toHaveLength(1)
    expect(screen.queryByText("Familia creada")).not.toBeInTheDocument()

    // Fixing the name and saving again works from the same dialog.
    await user.clear(within(dialog).getByRole("textbox", { name: "Nombre" }))
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Familia D2")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()
    expect((await familyNames()).filter((n) => n.toLowerCase() === "hogar")).toEqual(["Hogar"])
    expect(await familyNames()).toContain("Familia D2")
  })

  it("shows the server's field issues beside the fields (400)", async () => {
    const { user } = await openFamilies()
    // The form's schema never lets a bad name out, so the request is changed on its way: the real
    // server then refuses it with its own 400 and field issues.
    server.override.set("POST /api/family/create", () =>
      pageFetch("/api/family/create", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ name: "x".repeat(81) }) })
    )
    await user.click(screen.getByRole("button", { name: "Nueva familia" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva familia" })
    const name = within(dialog).getByRole("textbox", { name: "Nombre" })
    await user.type(name, "Familia F1{Enter}")
    await waitFor(() => expect(name).toHaveAccessibleDescription("Debe tener como máximo 80 caracteres"))
    expect(name).toHaveAttribute("aria-invalid", "true")
    // The server's summary heads the dialog, without the field's internal name ("name: …").
    expect(within(dialog).getByText("No se pudo guardar").closest("[role=alert]")).toHaveTextContent(/^No se pudo guardarDebe tener como máximo 80 caracteres$/)
    expect(screen.queryByText("Familia creada")).not.toBeInTheDocument()
    expect(await familyNames()).not.toContain("Familia F1")
  })

  it("edits an item from its row", async () => {
    const id = await create(server, "family", { name: "Familia E1" })
    const { user } = await openFamilies("Familia E1")
    await user.click(screen.getByRole("button", { name: "Editar Familia E1" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar familia" })
    const name = within(dialog).getByRole("textbox", { name: "Nombre" })
    expect(name).toHaveValue("Familia E1")
    await user.clear(name)
    await user.type(name, "Familia E2")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Familia actualizada")).toBeInTheDocument()
    expect(await screen.findByRole("cell", { name: "Familia E2" })).toBeInTheDocument()
    expect(writes()).toMatchObject([{ method: "PUT", path: `/api/family/update/${id}`, body: { name: "Familia E2" } }])
    expect(await getOf(server, "family", id)).toMatchObject({ name: "Familia E2" })
  })

  it("closes the form with Cancelar without sending, once the typed change is discarded", async () => {
    const { user } = await openFamilies()
    await user.click(screen.getByRole("button", { name: "Editar Hogar" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar familia" })
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), " cambiado")
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    const question = await screen.findByRole("dialog", { name: "¿Descartar los cambios?" })
    await user.click(within(question).getByRole("button", { name: "Descartar cambios" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(writes()).toEqual([])
    expect(await familyNames()).toContain("Hogar")
  })

  it("deletes only after confirmation", async () => {
    const id = await create(server, "family", { name: "Familia B1" })
    const { user } = await openFamilies("Familia B1")
    await user.click(screen.getByRole("button", { name: "Eliminar Familia B1" }))
    let dialog = await screen.findByRole("dialog", { name: "¿Eliminar Familia B1?" })
    // The safe choice has the focus; Cancelar sends nothing.
    expect(within(dialog).getByRole("button", { name: "Cancelar" })).toHaveFocus()
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(writes()).toEqual([])
    expect(screen.getByRole("cell", { name: "Familia B1" })).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Eliminar Familia B1" }))
    dialog = await screen.findByRole("dialog", { name: "¿Eliminar Familia B1?" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Familia eliminada")).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Familia B1" })).not.toBeInTheDocument())
    expect(writes()).toMatchObject([{ method: "DELETE", path: `/api/family/delete/${id}` }])
    expect(await familyNames()).not.toContain("Familia B1")
  })

  it("shows why a delete failed (404) in the dialog", async () => {
    const id = await create(server, "family", { name: "Familia G1" })
    const { user } = await openFamilies("Familia G1")
    // Someone else deletes it while the list still shows it.
    await server.api("DELETE", `/api/family/delete/${id}`)
    await user.click(screen.getByRole("button", { name: "Eliminar Familia G1" }))
    const dialog = await screen.findByRole("dialog", { name: "¿Eliminar Familia G1?" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await within(dialog).findByText("No se encontró la familia")).toBeInTheDocument()
    expect(screen.queryByText("Familia eliminada")).not.toBeInTheDocument()
  })
})
