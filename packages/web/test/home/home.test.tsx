import { screen, within } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ana, beto, mario, olga } from "../accounts"
import { startFakeServer } from "../fakeServer"
import { renderApp } from "../renderApp"

const quickLinks = () => within(screen.getByRole("region", { name: "Accesos rápidos" }))

describe("home", () => {
  it("greets an administrator with the role and links every screen the role may open", async () => {
    const server = startFakeServer({ accounts: [ana] })
    server.signedIn = ana
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    expect(screen.getByText("Administrador")).toBeInTheDocument()
    const links = quickLinks().getAllByRole("link")
    expect(links.map((link) => link.getAttribute("aria-label"))).toEqual([
      "Familias",
      "Especialidades",
      "Tipos de valor",
      "Valores",
      "Documentos",
      "Etapas",
      "Servicios",
      "Productos",
      "Formatos de archivo",
      "Canales"
    ])
    expect(quickLinks().getByRole("link", { name: "Familias" })).toHaveAttribute("href", "/masters/family")
    // Modules that do not exist yet are not offered as quick links.
    expect(quickLinks().queryByRole("link", { name: "Contratantes" })).not.toBeInTheDocument()
  })

  it.each([
    [olga, "Operador"],
    [mario, "Supervisor"]
  ])("greets %s.fullName with the role label and says the modules come soon", async (account, label) => {
    const server = startFakeServer({ accounts: [account] })
    server.signedIn = account
    renderApp("/")
    expect(await screen.findByRole("heading", { name: `Hola, ${account.fullName}` })).toBeInTheDocument()
    expect(screen.getByText(label)).toBeInTheDocument()
    expect(quickLinks().queryAllByRole("link")).toHaveLength(0)
    expect(quickLinks().getByText(/disponibles pronto/)).toBeInTheDocument()
  })

  it("tells a person without a role that the account has no access yet", async () => {
    const server = startFakeServer({ accounts: [beto] })
    server.signedIn = beto
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "Hola, Beto Soto" })).toBeInTheDocument()
    expect(screen.getByRole("alert")).toHaveTextContent("Su cuenta aún no tiene acceso")
    expect(screen.getByRole("alert")).toHaveTextContent("La cuenta beto@palma.cl todavía no tiene un rol en Palma")
    expect(screen.getByRole("alert")).toHaveTextContent("Pida a un administrador que le dé acceso")
    expect(screen.queryByRole("region", { name: "Accesos rápidos" })).not.toBeInTheDocument()
  })

  it("signs out from the user menu and returns to the sign-in page", async () => {
    const server = startFakeServer({ accounts: [ana] })
    server.signedIn = ana
    const { user } = renderApp("/")
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }))
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/sign-in")
    expect(server.requests).toContain("POST /api/auth/local/sign-out")
    expect(server.signedIn).toBeNull()
  })
})
