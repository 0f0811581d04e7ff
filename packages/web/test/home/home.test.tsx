import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ana, beto } from "../accounts"
import { startFakeServer } from "../fakeServer"
import { renderApp } from "../renderApp"

describe("home", () => {
  it("tells a person without a role that the account has no access yet", async () => {
    const server = startFakeServer({ accounts: [beto] })
    server.signedIn = beto
    renderApp("/")
    expect(await screen.findByRole("heading", { name: "Hola, Beto Soto" })).toBeInTheDocument()
    expect(screen.getByRole("alert")).toHaveTextContent("Su cuenta aún no tiene acceso")
    expect(screen.getByRole("alert")).toHaveTextContent("Pida a un administrador que le dé acceso")
    expect(screen.queryByText(/^Rol:/)).not.toBeInTheDocument()
  })

  it("signs out and returns to the sign-in page", async () => {
    const server = startFakeServer({ accounts: [ana] })
    server.signedIn = ana
    const { user } = renderApp("/")
    await user.click(await screen.findByRole("button", { name: "Cerrar sesión" }))
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/sign-in")
    expect(server.requests).toContain("POST /api/auth/local/sign-out")
    expect(server.signedIn).toBeNull()
  })
})
