import { screen, waitFor, within } from "@testing-library/react"
import { beforeAll, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"

const server = useRealServer()
beforeAll(() => server.signIn(admin.email))

const writes = () => server.requests.filter((r) => r.method !== "GET" && !r.path.startsWith("/api/auth/"))

/** A master screen, with the dialog `button` opens. */
const openDialog = async (path: string, button: string, dialogName = button) => {
  server.requests.length = 0
  const view = renderApp(path)
  await view.user.click(await screen.findByRole("button", { name: button }))
  const dialog = within(await screen.findByRole("dialog", { name: dialogName }))
  return { dialog, ...view }
}

const question = async () => within(await screen.findByRole("dialog", { name: "¿Descartar los cambios?" }))
const noQuestion = () => expect(screen.queryByRole("dialog", { name: "¿Descartar los cambios?" })).not.toBeInTheDocument()
const gone = (name: string) => waitFor(() => expect(screen.queryByRole("dialog", { name })).not.toBeInTheDocument())

/** "Nuevo <noun>" closed with Escape and the first row's "Editar <noun>" with Cancelar, both untouched: neither asks. */
const untouchedClose = async (path: string, noun: string) => {
  const { user } = await openDialog(path, `Nuevo ${noun}`)
  await user.keyboard("{Escape}")
  await gone(`Nuevo ${noun}`)
  await user.click((await screen.findAllByRole("button", { name: /^Editar / }))[0]!)
  const editing = within(await screen.findByRole("dialog", { name: `Editar ${noun}` }))
  await user.click(editing.getByRole("button", { name: "Cancelar" }))
  await gone(`Editar ${noun}`)
  noQuestion()
  return user
}

describe("a kit dialog with unsaved changes", () => {
  it("closes at once while untouched, and asks once something was typed: Escape, Cancelar and Cerrar", async () => {
    const { user } = await openDialog("/masters/family", "Nueva familia")
    await user.keyboard("{Escape}")
    await gone("Nueva familia")
    noQuestion()

    await user.click(screen.getByRole("button", { name: "Nueva familia" }))
    const again = within(await screen.findByRole("dialog", { name: "Nueva familia" }))
    await user.type(again.getByRole("textbox", { name: "Nombre" }), "Familia a medias")
    await user.keyboard("{Escape}")
    await user.click((await question()).getByRole("button", { name: "Seguir editando" }))
    await waitFor(noQuestion)
    expect(again.getByRole("textbox", { name: "Nombre" })).toHaveValue("Familia a medias")

    await user.click(again.getByRole("button", { name: "Cancelar" }))
    await user.click((await question()).getByRole("button", { name: "Seguir editando" }))
    await waitFor(noQuestion)
    await user.click(again.getByRole("button", { name: "Cerrar" }))
    await user.click((await question()).getByRole("button", { name: "Descartar cambios" }))
    await gone("Nueva familia")
    expect(writes()).toEqual([])
  })

  it("asks before the sidebar leaves the page, and goes once the changes are discarded", async () => {
    const { user, dialog } = await openDialog("/masters/family", "Nueva familia")
    await user.type(dialog.getByRole("textbox", { name: "Nombre" }), "Familia a medias")
    await user.click(within(screen.getByRole("navigation", { name: "Menú principal" })).getByRole("link", { name: "Inicio" }))
    await user.click((await question()).getByRole("button", { name: "Seguir editando" }))
    await waitFor(noQuestion)
    expect(window.location.pathname).toBe("/masters/family")
    expect(dialog.getByRole("textbox", { name: "Nombre" })).toHaveValue("Familia a medias")

    await user.click(within(screen.getByRole("navigation", { name: "Menú principal" })).getByRole("link", { name: "Inicio" }))
    await user.click((await question()).getByRole("button", { name: "Descartar cambios" }))
    await waitFor(() => expect(window.location.pathname).toBe("/"))
    expect(screen.queryByRole("dialog", { name: "Nueva familia" })).not.toBeInTheDocument()
  })

  it("does not ask after a successful save", async () => {
    const { user, dialog } = await openDialog("/masters/family", "Nueva familia")
    await user.type(dialog.getByRole("textbox", { name: "Nombre" }), "Familia Guardada{Enter}")
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()
    await gone("Nueva familia")
    await user.click(within(screen.getByRole("navigation", { name: "Menú principal" })).getByRole("link", { name: "Inicio" }))
    await waitFor(() => expect(window.location.pathname).toBe("/"))
    noQuestion()
  })

  it("covers the product form: an edited product asks, an untouched one closes", async () => {
    // The product's own values, shown as es-CL writes them, are not a change.
    const user = await untouchedClose("/masters/product", "producto")

    await user.click(screen.getByRole("button", { name: "Nuevo producto" }))
    const creating = within(await screen.findByRole("dialog", { name: "Nuevo producto" }))
    await user.type(creating.getByRole("textbox", { name: "Nombre" }), "Producto a medias")
    await user.keyboard("{Escape}")
    await user.click((await question()).getByRole("button", { name: "Descartar cambios" }))
    await gone("Nuevo producto")
  })

  it("covers the assistance form: an edited service asks, an untouched one closes", async () => {
    const user = await untouchedClose("/masters/assistance", "servicio")

    await user.click(screen.getAllByRole("button", { name: /^Editar / })[0]!)
    const edited = within(await screen.findByRole("dialog", { name: "Editar servicio" }))
    await user.type(edited.getByRole("textbox", { name: "Nombre" }), " bis")
    await user.click(edited.getByRole("button", { name: "Cancelar" }))
    await user.click((await question()).getByRole("button", { name: "Seguir editando" }))
    expect((edited.getByRole("textbox", { name: "Nombre" }) as HTMLInputElement).value).toMatch(/ bis$/)
  })
})

describe("a kit dialog validates in order", () => {
  it("says an empty required field is required before anything about its format", async () => {
    const { user, dialog } = await openDialog("/masters/valueType", "Nuevo tipo de valor")
    await user.type(dialog.getByRole("textbox", { name: "Nombre" }), "Hora")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    const code = dialog.getByRole("textbox", { name: "Código" })
    await waitFor(() => expect(code).toHaveAttribute("aria-invalid", "true"))
    expect(code).toHaveAccessibleDescription(/Este campo es obligatorio/)
    expect(dialog.queryByText(/El código debe ser una letra/)).not.toBeInTheDocument()
    // A code typed wrong is told by its rule.
    await user.type(code, "1")
    await user.click(dialog.getByRole("button", { name: "Guardar" }))
    expect(await dialog.findByText(/El código debe ser una letra/)).toBeInTheDocument()
    expect(writes()).toEqual([])
  })

  it("drops the server's refusal once the person edits", async () => {
    const { user, dialog } = await openDialog("/masters/family", "Nueva familia")
    await user.type(dialog.getByRole("textbox", { name: "Nombre" }), "hogar{Enter}")
    expect(await dialog.findByText("Ya existe una familia activa con ese nombre")).toBeInTheDocument()
    expect(dialog.getByText("No se pudo guardar")).toBeInTheDocument()
    await user.type(dialog.getByRole("textbox", { name: "Nombre" }), " 2")
    expect(dialog.queryByText("Ya existe una familia activa con ese nombre")).not.toBeInTheDocument()
    expect(dialog.queryByText("No se pudo guardar")).not.toBeInTheDocument()
  })
})
