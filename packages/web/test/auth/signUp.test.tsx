import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ana } from "../accounts"
import { startFakeServer } from "../fakeServer"
import { renderApp } from "../renderApp"

describe("sign-up", () => {
  it("validates the name and the password length before sending", async () => {
    const server = startFakeServer()
    const { user } = renderApp("/sign-in")
    await user.click(await screen.findByRole("link", { name: "Crear cuenta" }))
    await user.type(screen.getByLabelText("Correo electrónico"), "nuevo@palma.cl")
    await user.type(screen.getByLabelText("Contraseña"), "corta")
    await user.click(screen.getByRole("button", { name: "Crear cuenta" }))
    expect(screen.getByText("Este campo es obligatorio")).toBeInTheDocument()
    expect(screen.getByText("La contraseña debe tener al menos 8 caracteres")).toBeInTheDocument()
    expect(server.requests).not.toContain("POST /api/auth/local/sign-up")
  })

  it("shows the server's message when the email is taken", async () => {
    startFakeServer({ accounts: [ana] })
    const { user } = renderApp("/sign-up")
    await user.type(await screen.findByLabelText("Nombre completo"), "Otra Ana")
    await user.type(screen.getByLabelText("Correo electrónico"), ana.email)
    await user.type(screen.getByLabelText("Contraseña"), "una-clave-larga")
    await user.click(screen.getByRole("button", { name: "Crear cuenta" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("Ya existe una cuenta con ese correo")
  })

  it("goes home after creating the account, which has no role yet", async () => {
    startFakeServer()
    const { user } = renderApp("/sign-up")
    await user.type(await screen.findByLabelText("Nombre completo"), "Carla Díaz")
    await user.type(screen.getByLabelText("Correo electrónico"), "carla@palma.cl")
    await user.type(screen.getByLabelText("Contraseña"), "una-clave-larga")
    await user.click(screen.getByRole("button", { name: "Crear cuenta" }))
    expect(await screen.findByRole("heading", { name: "Hola, Carla Díaz" })).toBeInTheDocument()
    expect(screen.getByRole("alert")).toHaveTextContent("Pida a un administrador")
    expect(window.location.pathname).toBe("/")
  })
})
