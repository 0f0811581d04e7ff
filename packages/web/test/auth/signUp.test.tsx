import type { Session } from "@palma/core"
import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"

const server = useRealServer()
// The session cookie outlives a test; each one starts signed out.
afterEach(() => server.signOut())

describe("sign-up", () => {
  it("validates the name and the password length before sending", async () => {
    const { user } = renderApp("/sign-in")
    await user.click(await screen.findByRole("link", { name: "Crear cuenta" }))
    await user.type(screen.getByLabelText("Correo electrónico"), "nuevo@palma.cl")
    await user.type(screen.getByLabelText("Contraseña"), "corta")
    await user.click(screen.getByRole("button", { name: "Crear cuenta" }))
    expect(screen.getByText("Este campo es obligatorio")).toBeInTheDocument()
    expect(screen.getByText("La contraseña debe tener al menos 8 caracteres")).toBeInTheDocument()
    expect(server.calls("POST /api/auth/local/sign-up")).toEqual([])
  })

  it("shows the server's message when the email is taken", async () => {
    const { user } = renderApp("/sign-up")
    await user.type(await screen.findByLabelText("Nombre completo"), "Otra Ana")
    // The seed's admin already has this email.
    await user.type(screen.getByLabelText("Correo electrónico"), admin.email)
    await user.type(screen.getByLabelText("Contraseña"), "una-clave-larga")
    await user.click(screen.getByRole("button", { name: "Crear cuenta" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("Ya existe una cuenta con ese correo")
    expect(window.location.pathname).toBe("/sign-up")
  })

  it("goes home after creating the account, which has no role yet", async () => {
    const { user } = renderApp("/sign-up")
    await user.type(await screen.findByLabelText("Nombre completo"), "Carla Díaz")
    await user.type(screen.getByLabelText("Correo electrónico"), "carla@palma.cl")
    await user.type(screen.getByLabelText("Contraseña"), "una-clave-larga")
    await user.click(screen.getByRole("button", { name: "Crear cuenta" }))
    expect(await screen.findByRole("heading", { name: "Hola, Carla Díaz" })).toBeInTheDocument()
    expect(screen.getByRole("alert")).toHaveTextContent("Pida a un administrador")
    expect(window.location.pathname).toBe("/")
    // The server holds the new account, signed in and without a role.
    const me = await server.api<Session>("GET", "/api/auth/me")
    expect(me.user).toMatchObject({ fullName: "Carla Díaz", email: "carla@palma.cl", publicMetadata: {} })
  })
})
