import { fireEvent, screen, waitFor, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { admin, moderator, operator } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()
// The session cookie outlives a test; each one signs in as its own account.
afterEach(() => server.signOut())

const sections = ["Inicio", "Maestros", "Entidades", "Asistencia", "Reportes", "Gestión de Subidas"]

const sidebar = async () => within(await screen.findByRole("navigation", { name: "Menú principal" }))

/** Section names the icon strip shows: Inicio is a link, the others open the sidebar. */
const sectionsShown = async () => {
  const nav = await sidebar()
  return sections.filter((name) => nav.queryByRole("link", { name }) !== null || nav.queryByRole("button", { name }) !== null)
}

describe("sidebar menu", () => {
  it("shows an administrator all six sections", async () => {
    await openAs(server, admin)
    expect(await sectionsShown()).toEqual(sections)
  })

  it.each([
    ["an operador", operator],
    ["a moderador", moderator]
  ])("shows %s only Inicio and Asistencia", async (_, account) => {
    await openAs(server, account)
    expect(await sectionsShown()).toEqual(["Inicio", "Asistencia"])
  })

  it("opens wide with labels, the user's full name and the user button at its foot", async () => {
    const { user } = await openAs(server, admin)
    const toggle = await screen.findByRole("button", { name: "Abrir menú" })
    expect(toggle).toHaveAttribute("aria-expanded", "false")
    const nav = await sidebar()
    expect(nav.queryByText(admin.fullName)).not.toBeInTheDocument()

    await user.click(toggle)
    expect(screen.getByRole("button", { name: "Cerrar menú" })).toHaveAttribute("aria-expanded", "true")
    expect(nav.getByRole("link", { name: "Inicio" })).toHaveAttribute("href", "/")
    expect(nav.getByRole("button", { name: "Maestros" })).toHaveAttribute("aria-expanded", "false")
    expect(nav.getByText(admin.fullName)).toBeInTheDocument()
    expect(nav.getByRole("button", { name: "Menú de usuario" })).toBeInTheDocument()
  })

  it("lists each section's items as links to their screens", async () => {
    const { user } = await openAs(server, admin)
    const nav = await sidebar()
    // From the icon strip a section opens the sidebar with that section unfolded.
    await user.click(nav.getByRole("button", { name: "Maestros" }))
    expect(nav.getByRole("button", { name: "Maestros" })).toHaveAttribute("aria-expanded", "true")

    const masters = ["Familias", "Especialidades", "Tipos de valor", "Valores", "Documentos", "Etapas", "Servicios", "Productos", "Formatos de archivo"]
    const paths = ["family", "specialty", "valueType", "value", "document", "stage", "assistance", "product", "fileFormat"]
    masters.forEach((name, i) => expect(nav.getByRole("link", { name })).toHaveAttribute("href", `/masters/${paths[i]}`))

    await user.click(nav.getByRole("button", { name: "Entidades" }))
    expect(nav.getByRole("link", { name: "Canales" })).toHaveAttribute("href", "/entities/retail")
    expect(nav.getByRole("link", { name: "Especialistas" })).toHaveAttribute("href", "/entities/specialist")
    expect(nav.getByRole("link", { name: "Alianzas" })).toHaveAttribute("href", "/entities/partner")
    expect(nav.getByRole("link", { name: "Contratantes" })).toHaveAttribute("href", "/entities/contractor")

    await user.click(nav.getByRole("button", { name: "Reportes" }))
    expect(nav.getByRole("link", { name: "Panel" })).toHaveAttribute("href", "/reports/dashboard")
    expect(nav.getByRole("link", { name: "Exportar casos" })).toHaveAttribute("href", "/reports/exports")

    await user.click(nav.getByRole("button", { name: "Gestión de Subidas" }))
    expect(nav.getByRole("link", { name: "Carga de asegurados" })).toHaveAttribute("href", "/uploads-insured")
  })

  it("shows an operador the Asistencia items: Personas, Casos and Nuevo caso, and no admin section", async () => {
    const { user } = await openAs(server, operator)
    const nav = await sidebar()
    await user.click(nav.getByRole("button", { name: "Asistencia" }))
    expect(nav.getByRole("link", { name: "Personas" })).toHaveAttribute("href", "/assistance/people")
    expect(nav.getByRole("link", { name: "Casos" })).toHaveAttribute("href", "/assistance/case")
    expect(nav.getByRole("link", { name: "Nuevo caso" })).toHaveAttribute("href", "/assistance/case/new")
    expect(nav.queryByText("Familias")).not.toBeInTheDocument()
  })

  it("covers the page with an overlay while open; clicking it closes the sidebar", async () => {
    const { user } = await openAs(server, admin)
    await user.click(await screen.findByRole("button", { name: "Abrir menú" }))
    const overlay = screen.getByTestId("sidebar-overlay")
    await user.click(overlay)
    expect(screen.getByRole("button", { name: "Abrir menú" })).toHaveAttribute("aria-expanded", "false")
    expect(screen.queryByTestId("sidebar-overlay")).not.toBeInTheDocument()
    expect((await sidebar()).queryByText(admin.fullName)).not.toBeInTheDocument()
  })

  it("closes with Escape and gives the focus back to the menu button", async () => {
    const { user } = await openAs(server, admin)
    await user.click(await screen.findByRole("button", { name: "Abrir menú" }))
    await user.keyboard("{Escape}")
    const toggle = screen.getByRole("button", { name: "Abrir menú" })
    expect(toggle).toHaveAttribute("aria-expanded", "false")
    expect(toggle).toHaveFocus()
    expect(screen.queryByTestId("sidebar-overlay")).not.toBeInTheDocument()
  })

  it("is usable from the keyboard: open, unfold a section, follow a link", async () => {
    const { user } = await openAs(server, admin)
    const toggle = await screen.findByRole("button", { name: "Abrir menú" })
    toggle.focus()
    await user.keyboard("{Enter}")
    const nav = await sidebar()
    nav.getByRole("button", { name: "Maestros" }).focus()
    await user.keyboard("{Enter}")
    nav.getByRole("link", { name: "Etapas" }).focus()
    await user.keyboard("{Enter}")
    // Following a link closes the sidebar; the header names the page.
    await waitFor(() => expect(screen.getByTestId("page-title")).toHaveTextContent("Etapas"))
    expect(window.location.pathname).toBe("/masters/stage")
    expect(screen.getByRole("button", { name: "Abrir menú" })).toBeInTheDocument()
  })

  it("follows a link and closes the sidebar", async () => {
    const { user } = await openAs(server, admin)
    await user.click(await screen.findByRole("button", { name: "Abrir menú" }))
    const nav = await sidebar()
    await user.click(nav.getByRole("button", { name: "Maestros" }))
    fireEvent.click(await nav.findByRole("link", { name: "Familias" }))
    await waitFor(() => expect(screen.getByTestId("page-title")).toHaveTextContent("Familias"))
    expect(window.location.pathname).toBe("/masters/family")
    expect(screen.queryByTestId("sidebar-overlay")).not.toBeInTheDocument()
  })
})
