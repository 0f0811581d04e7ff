import { screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { json, startMasterServer } from "./fakeMasters"
import { renderMasters } from "./renderMasters"

const writes = (server: ReturnType<typeof startMasterServer>) => server.requests.filter((r) => r.method !== "GET")

const openFamilies = async () => {
  const server = startMasterServer({ family: [{ name: "Hogar" }, { name: "Salud" }] })
  const view = renderMasters("/masters/family")
  await screen.findByRole("cell", { name: "Hogar" })
  return { server, ...view }
}

describe("families", () => {
  it("validates before sending, then creates, closes the dialog, toasts and reloads", async () => {
    const { server, user } = await openFamilies()
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
    expect(writes(server)).toEqual([])

    await user.clear(name)
    await user.type(name, "  Mascotas {Enter}")
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Nueva familia" })).not.toBeInTheDocument())
    expect(await screen.findByRole("cell", { name: "Mascotas" })).toBeInTheDocument()
    // What is sent is what the schema decoded: trimmed.
    expect(writes(server)).toMatchObject([{ method: "POST", path: "/api/family/create", body: { name: "Mascotas" } }])
    expect(server.named("family")).toContain("Mascotas")
  })

  it("shows the server's message when it refuses a duplicate (409), and keeps the dialog open", async () => {
    const { server, user } = await openFamilies()
    await user.click(screen.getByRole("button", { name: "Nueva familia" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva familia" })
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "hogar")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await within(dialog).findByText("Ya existe una familia activa con ese nombre")).toBeInTheDocument()
    expect(within(dialog).getByText("No se pudo guardar")).toBeInTheDocument()
    expect(writes(server)).toHaveLength(1)
    expect(screen.queryByText("Familia creada")).not.toBeInTheDocument()

    // Fixing the name and saving again works from the same dialog.
    await user.clear(within(dialog).getByRole("textbox", { name: "Nombre" }))
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Hogar 2")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()
  })

  it("shows the server's field issues beside the fields (400)", async () => {
    const { server, user } = await openFamilies()
    server.override.set("POST /api/family/create", () =>
      json(400, { _tag: "BadRequest", message: "Datos inválidos", issues: [{ path: ["name"], message: "Nombre reservado por el sistema" }] })
    )
    await user.click(screen.getByRole("button", { name: "Nueva familia" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva familia" })
    const name = within(dialog).getByRole("textbox", { name: "Nombre" })
    await user.type(name, "Sistema{Enter}")
    expect(await within(dialog).findByText("Nombre reservado por el sistema")).toBeInTheDocument()
    expect(name).toHaveAttribute("aria-invalid", "true")
    expect(within(dialog).getByText("Datos inválidos")).toBeInTheDocument()
  })

  it("edits an item from its row", async () => {
    const { server, user } = await openFamilies()
    const id = server.idOf("family", "Hogar")
    await user.click(screen.getByRole("button", { name: "Editar Hogar" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar familia" })
    const name = within(dialog).getByRole("textbox", { name: "Nombre" })
    expect(name).toHaveValue("Hogar")
    await user.clear(name)
    await user.type(name, "Hogar y Jardín")
    await user.click(within(dialog).getByRole("button", { name: "Guardar" }))
    expect(await screen.findByText("Familia actualizada")).toBeInTheDocument()
    expect(await screen.findByRole("cell", { name: "Hogar y Jardín" })).toBeInTheDocument()
    expect(writes(server)).toMatchObject([{ method: "PUT", path: `/api/family/update/${id}`, body: { name: "Hogar y Jardín" } }])
  })

  it("closes the form with Cancelar without sending", async () => {
    const { server, user } = await openFamilies()
    await user.click(screen.getByRole("button", { name: "Editar Hogar" }))
    const dialog = await screen.findByRole("dialog", { name: "Editar familia" })
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), " cambiado")
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(writes(server)).toEqual([])
  })

  it("deletes only after confirmation", async () => {
    const { server, user } = await openFamilies()
    const id = server.idOf("family", "Hogar")
    await user.click(screen.getByRole("button", { name: "Eliminar Hogar" }))
    let dialog = await screen.findByRole("dialog", { name: "¿Eliminar Hogar?" })
    // The safe choice has the focus; Cancelar sends nothing.
    expect(within(dialog).getByRole("button", { name: "Cancelar" })).toHaveFocus()
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
    expect(writes(server)).toEqual([])
    expect(screen.getByRole("cell", { name: "Hogar" })).toBeInTheDocument()

    await user.click(screen.getByRole("button", { name: "Eliminar Hogar" }))
    dialog = await screen.findByRole("dialog", { name: "¿Eliminar Hogar?" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await screen.findByText("Familia eliminada")).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole("cell", { name: "Hogar" })).not.toBeInTheDocument())
    expect(writes(server)).toMatchObject([{ method: "DELETE", path: `/api/family/delete/${id}` }])
    expect(server.named("family")).toEqual(["Salud"])
  })

  it("shows why a delete failed (404) in the dialog", async () => {
    const { server, user } = await openFamilies()
    server.override.set(`DELETE /api/family/delete/${server.idOf("family", "Hogar")}`, () =>
      json(404, { _tag: "NotFound", message: "La familia no existe o fue eliminado" })
    )
    await user.click(screen.getByRole("button", { name: "Eliminar Hogar" }))
    const dialog = await screen.findByRole("dialog", { name: "¿Eliminar Hogar?" })
    await user.click(within(dialog).getByRole("button", { name: "Eliminar" }))
    expect(await within(dialog).findByText("La familia no existe o fue eliminado")).toBeInTheDocument()
    expect(screen.queryByText("Familia eliminada")).not.toBeInTheDocument()
  })
})
