import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { arranged, createRetail, retailWithPlans, signInAdmin, writes } from "./seed"

const server = useRealServer()

const sidebarLink = async (name: string) => within(await screen.findByRole("navigation", { name: "Menú principal" })).getByRole("link", { name })

const openNew = async () => {
  await signInAdmin(server)
  arranged(server)
  const view = renderApp("/entities/retail/new")
  const form = within(await screen.findByRole("form", { name: "Datos del canal" }))
  return { form, ...view }
}

const leaveQuestion = () => screen.findByRole("dialog", { name: "¿Descartar los cambios?" })

/** Whether leaving the page now would make the browser ask (closing the tab, reloading). */
const unloadAsks = () => !fireEvent(window, new Event("beforeunload", { cancelable: true }))

describe("a retail's form with unsaved changes", () => {
  it("asks before the sidebar leaves it: Seguir editando keeps the text, Descartar cambios leaves", async () => {
    const { user, form } = await openNew()
    expect(unloadAsks()).toBe(false)
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Canal a medias")
    expect(unloadAsks()).toBe(true)

    await user.click(await sidebarLink("Inicio"))
    const question = within(await leaveQuestion())
    expect(question.getByText("Tiene cambios sin guardar. Si sale ahora, se perderán.")).toBeInTheDocument()
    expect(question.getByRole("button", { name: "Seguir editando" })).toHaveFocus()
    await user.click(question.getByRole("button", { name: "Seguir editando" }))
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "¿Descartar los cambios?" })).not.toBeInTheDocument())
    expect(window.location.pathname).toBe("/entities/retail/new")
    expect(form.getByRole("textbox", { name: "Nombre" })).toHaveValue("Canal a medias")

    // "← Canales" and "Volver a Canales" are in-app links too.
    await user.click(screen.getByRole("link", { name: "← Canales" }))
    await user.click(within(await leaveQuestion()).getByRole("button", { name: "Descartar cambios" }))
    await waitFor(() => expect(window.location.pathname).toBe("/entities/retail"))
    expect(writes(server)).toEqual([])
    await waitFor(() => expect(unloadAsks()).toBe(false))
  })

  it("asks on the browser's back button too", async () => {
    await signInAdmin(server)
    arranged(server)
    const { user } = renderApp("/entities/retail")
    await user.click(await screen.findByRole("button", { name: "Nuevo canal" }))
    const form = within(await screen.findByRole("form", { name: "Datos del canal" }))
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Canal a medias")
    window.history.back()
    await user.click(within(await leaveQuestion()).getByRole("button", { name: "Seguir editando" }))
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "¿Descartar los cambios?" })).not.toBeInTheDocument())
    expect(window.location.pathname).toBe("/entities/retail/new")
    expect(form.getByRole("textbox", { name: "Nombre" })).toHaveValue("Canal a medias")
  })

  it("does not ask once created: the page moves to the new retail's address and leaves freely", async () => {
    const { user, form } = await openNew()
    await user.type(form.getByRole("textbox", { name: "RUT" }), "76.111.222-8")
    await user.type(form.getByRole("textbox", { name: "Nombre" }), "Canal Guardado")
    await user.click(form.getByRole("button", { name: "Crear canal" }))
    await waitFor(() => expect(window.location.pathname).toMatch(/^\/entities\/retail\/[0-9a-f-]{36}$/))
    expect(await screen.findByText("Sin planes")).toBeInTheDocument()
    expect(screen.queryByRole("dialog", { name: "¿Descartar los cambios?" })).not.toBeInTheDocument()
    await user.click(await sidebarLink("Inicio"))
    await waitFor(() => expect(window.location.pathname).toBe("/"))
    expect(screen.queryByRole("dialog", { name: "¿Descartar los cambios?" })).not.toBeInTheDocument()
  })

  it("does not ask once saved: the saved values are the form's", async () => {
    await signInAdmin(server)
    const retail = await createRetail(server, "76111444-1", "Canal Editado")
    arranged(server)
    const { user } = renderApp(`/entities/retail/${retail.id}`)
    const form = within(await screen.findByRole("form", { name: "Datos del canal" }))
    await user.type(form.getByRole("textbox", { name: "Giro" }), "Retail")
    expect(unloadAsks()).toBe(true)
    await user.click(form.getByRole("button", { name: "Guardar cambios" }))
    expect(await screen.findByText("Canal actualizado")).toBeInTheDocument()
    expect(server.calls(`PUT /api/retail/update/${retail.id}`)[0]!.body).toMatchObject({ line: "Retail" })
    expect(form.getByRole("textbox", { name: "Giro" })).toHaveValue("Retail")
    expect(unloadAsks()).toBe(false)
    await user.click(await sidebarLink("Inicio"))
    await waitFor(() => expect(window.location.pathname).toBe("/"))
    expect(screen.queryByRole("dialog", { name: "¿Descartar los cambios?" })).not.toBeInTheDocument()
  })
})

describe("a retail's form validates in order", () => {
  it("says an empty RUT is required before anything about its format, and keeps its example gray", async () => {
    const { user, form } = await openNew()
    await user.click(form.getByRole("button", { name: "Crear canal" }))
    const rut = form.getByRole("textbox", { name: "RUT" })
    await waitFor(() => expect(rut).toHaveAttribute("aria-invalid", "true"))
    expect(rut).toHaveAccessibleDescription(/Este campo es obligatorio/)
    expect(form.queryByText(/RUT inválido/)).not.toBeInTheDocument()
    // Mantine paints an invalid field's placeholder red; the example stays the placeholder's gray.
    expect(rut.style.getPropertyValue("--input-placeholder-color")).toBe("var(--mantine-color-placeholder)")
    expect(writes(server)).toEqual([])
  })
})

describe("a retail's plan dialog", () => {
  it("opens with its product picker closed, and asks before a started plan is closed", async () => {
    await signInAdmin(server)
    const { retail } = await retailWithPlans(server, "76111333-K", "Canal Dialogo Plan")
    arranged(server)
    const { user } = renderApp(`/entities/retail/${retail.id}`)
    await screen.findByRole("table", { name: "Planes del canal" })
    await user.click(screen.getByRole("button", { name: "Agregar plan" }))
    const dialog = within(await screen.findByRole("dialog", { name: "Agregar plan" }))
    const picker = dialog.getByRole("combobox", { name: "Producto" })
    await waitFor(() => expect(picker).toHaveFocus())
    expect(picker).toHaveAttribute("aria-expanded", "false")
    expect(screen.queryByRole("listbox")).not.toBeInTheDocument()

    // Untouched, Escape closes it at once.
    await user.keyboard("{Escape}")
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Agregar plan" })).not.toBeInTheDocument())

    await user.click(screen.getByRole("button", { name: "Agregar plan" }))
    const again = within(await screen.findByRole("dialog", { name: "Agregar plan" }))
    await user.click(again.getByRole("combobox", { name: "Producto" }))
    await user.click(await screen.findByRole("option", { name: "Asistencia Mascota · Pesos" }))
    await user.click(again.getByRole("button", { name: "Cancelar" }))
    await user.click(within(await leaveQuestion()).getByRole("button", { name: "Seguir editando" }))
    expect(again.getByRole("combobox", { name: "Producto" })).toHaveValue("Asistencia Mascota · Pesos")
    await user.click(again.getByRole("button", { name: "Cancelar" }))
    await user.click(within(await leaveQuestion()).getByRole("button", { name: "Descartar cambios" }))
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Agregar plan" })).not.toBeInTheDocument())
    expect(writes(server)).toEqual([])
  })
})
