import { screen, within } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { admin, guest, moderator, operator } from "../accounts"
import { useRealServer } from "../realServer"
import { openAs } from "../signedIn"

const server = useRealServer()
// The session cookie outlives a test; each one signs in as its own account.
afterEach(() => server.signOut())

const quickLinks = () => within(screen.getByRole("region", { name: "Accesos rápidos" }))

describe("home", () => {
  it("greets an administrator with the role and links every screen the role may open", async () => {
    await openAs(server, admin)
    expect(await screen.findByRole("heading", { name: `Hola, ${admin.fullName}` })).toBeInTheDocument()
    expect(screen.getByText("Administrador")).toBeInTheDocument()
    // Each card is named by what it shows: the screen, then its section.
    const shown = [
      ["Familias", "Maestros"],
      ["Especialidades", "Maestros"],
      ["Tipos de valor", "Maestros"],
      ["Valores", "Maestros"],
      ["Documentos", "Maestros"],
      ["Etapas", "Maestros"],
      ["Servicios", "Maestros"],
      ["Productos", "Maestros"],
      ["Formatos de archivo", "Maestros"],
      ["Canales", "Entidades"],
      ["Especialistas", "Entidades"],
      ["Alianzas", "Entidades"],
      ["Contratantes", "Entidades"],
      ["Personas", "Asistencia"],
      ["Casos", "Asistencia"],
      ["Nuevo caso", "Asistencia"],
      ["Panel", "Reportes"],
      ["Exportar casos", "Reportes"],
      ["Carga de asegurados", "Gestión de Subidas"]
    ]
    const links = quickLinks().getAllByRole("link")
    expect(links.map((link) => link.textContent)).toEqual(shown.map(([screen, section]) => `${screen}${section}`))
    for (const [screen, section] of shown) expect(quickLinks().getByRole("link", { name: `${screen} ${section}` })).toBeInTheDocument()
    for (const link of links) expect(link).not.toHaveAttribute("aria-label")
    expect(quickLinks().getByRole("link", { name: "Familias Maestros" })).toHaveAttribute("href", "/masters/family")
    expect(quickLinks().getByRole("link", { name: "Nuevo caso Asistencia" })).toHaveAttribute("href", "/assistance/case/new")
  })

  it.each([
    { account: operator, label: "Operador" },
    { account: moderator, label: "Supervisor" }
  ])("greets $account.fullName with the role label and links the Asistencia screens that exist", async ({ account, label }) => {
    await openAs(server, account)
    expect(await screen.findByRole("heading", { name: `Hola, ${account.fullName}` })).toBeInTheDocument()
    expect(screen.getByText(label)).toBeInTheDocument()
    expect(
      quickLinks()
        .getAllByRole("link")
        .map((link) => link.textContent)
    ).toEqual(["PersonasAsistencia", "CasosAsistencia", "Nuevo casoAsistencia"])
    expect(quickLinks().getByRole("link", { name: "Personas Asistencia" })).toHaveAttribute("href", "/assistance/people")
    expect(quickLinks().getByRole("link", { name: "Casos Asistencia" })).toHaveAttribute("href", "/assistance/case")
  })

  it("tells a person without a role that the account has no access yet", async () => {
    await openAs(server, guest)
    expect(await screen.findByRole("heading", { name: `Hola, ${guest.fullName}` })).toBeInTheDocument()
    expect(screen.getByRole("alert")).toHaveTextContent("Su cuenta aún no tiene acceso")
    expect(screen.getByRole("alert")).toHaveTextContent(`La cuenta ${guest.email} todavía no tiene un rol en Palma`)
    expect(screen.getByRole("alert")).toHaveTextContent("Pida a un administrador que le dé acceso")
    expect(screen.queryByRole("region", { name: "Accesos rápidos" })).not.toBeInTheDocument()
  })

  it("signs out from the user menu and returns to the sign-in page", async () => {
    const { user } = await openAs(server, admin)
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }))
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/sign-in")
    expect(server.calls("POST /api/auth/local/sign-out")).toHaveLength(1)
    // The server cleared the cookie: the page has no session left.
    await expect(server.api("GET", "/api/auth/me")).rejects.toThrow(/401/)
  })
})
