import { screen, waitFor, within } from "@testing-library/react"
import type { UserEvent } from "@testing-library/user-event"
import { afterEach, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()
// The session cookie outlives a test; each one signs in again.
afterEach(() => server.signOut())

const families = () => server.calls("GET /api/family/list").length
const valueTypes = () => server.calls("GET /api/valueType/getAll").length

/** Goes to a master screen through the sidebar, as a person would (the layout, and its cache, stay). */
const goTo = async (user: UserEvent, screenName: string) => {
  const nav = within(await screen.findByRole("navigation", { name: "Menú principal" }))
  if (nav.queryByRole("link", { name: screenName }) === null) await user.click(nav.getByRole("button", { name: "Maestros" }))
  await user.click(nav.getByRole("link", { name: screenName }))
  await waitFor(() => expect(screen.getByTestId("page-title")).toHaveTextContent(screenName))
}

const openDialog = async (user: UserEvent, button: string, title: string) => {
  await user.click(await screen.findByRole("button", { name: button }))
  const dialog = await screen.findByRole("dialog", { name: title })
  // The family select shows the shared list's families once they are there.
  await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Familia" })).not.toHaveAttribute("placeholder", "Cargando familias…"))
  await user.click(within(dialog).getByRole("button", { name: "Cancelar" }))
  await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument())
}

describe("the session's shared lists", () => {
  it("are fetched once however many dialogs and screens use them", async () => {
    const { user } = await openAs(server, admin, "/masters/value")
    await screen.findByRole("heading", { level: 1, name: "Valores" })
    await openDialog(user, "Nuevo valor", "Nuevo valor")
    await openDialog(user, "Nuevo valor", "Nuevo valor")
    const value = (await screen.findAllByRole("button", { name: /^Editar / }))[0]!
    await openDialog(user, value.getAttribute("aria-label")!, "Editar valor")
    // The list's family filter, two new values and an edit: one request each.
    expect(families()).toBe(1)
    expect(valueTypes()).toBe(1)

    await goTo(user, "Especialidades")
    await openDialog(user, "Nueva especialidad", "Nueva especialidad")
    await goTo(user, "Documentos")
    await openDialog(user, "Nuevo documento", "Nuevo documento")
    expect(families()).toBe(1)
    expect(valueTypes()).toBe(1)
  })

  it("are fetched again after a write to what they hold, and show it", async () => {
    const { user } = await openAs(server, admin, "/masters/specialty")
    await screen.findByRole("heading", { level: 1, name: "Especialidades" })
    await openDialog(user, "Nueva especialidad", "Nueva especialidad")
    expect(families()).toBe(1)

    await goTo(user, "Familias")
    await user.click(await screen.findByRole("button", { name: "Nueva familia" }))
    const dialog = await screen.findByRole("dialog", { name: "Nueva familia" })
    await user.type(within(dialog).getByRole("textbox", { name: "Nombre" }), "Piscinas{Enter}")
    expect(await screen.findByText("Familia creada")).toBeInTheDocument()
    // Nothing shows the families on this screen: they are not asked for until needed.
    expect(families()).toBe(1)

    await goTo(user, "Especialidades")
    await user.click(await screen.findByRole("button", { name: "Nueva especialidad" }))
    const form = await screen.findByRole("dialog", { name: "Nueva especialidad" })
    await user.click(within(form).getByRole("combobox", { name: "Familia" }))
    expect(await screen.findByRole("option", { name: "Piscinas" })).toBeInTheDocument()
    expect(families()).toBe(2)
  })
})
