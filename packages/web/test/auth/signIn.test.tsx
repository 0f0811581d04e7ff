import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"

const server = useRealServer()
// The session cookie outlives a test; each one starts signed out.
afterEach(() => server.signOut())

describe("sign-in", () => {
  it("shows a loader while it learns the session, then sends a signed-out visitor from / to the sign-in page", async () => {
    renderApp("/")
    expect(screen.getByRole("status", { name: "Cargando" })).toBeInTheDocument()
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/sign-in")
  })

  it("validates in Spanish before sending anything", async () => {
    const { user } = renderApp("/sign-in")
    await user.click(await screen.findByRole("button", { name: "Ingresar" }))
    expect(screen.getByText("Correo electrónico inválido")).toBeInTheDocument()
    expect(screen.getByText("Ingrese su contraseña")).toBeInTheDocument()

    await user.type(screen.getByLabelText("Correo electrónico"), "ana@palma")
    await user.type(screen.getByLabelText("Contraseña"), "x")
    await user.click(screen.getByRole("button", { name: "Ingresar" }))
    expect(screen.getByText("Correo electrónico inválido")).toBeInTheDocument()
    expect(screen.queryByText("Ingrese su contraseña")).not.toBeInTheDocument()
    expect(server.calls("POST /api/auth/local/sign-in")).toEqual([])
  })

  it("shows the server's message when the credentials are wrong", async () => {
    const { user } = renderApp("/sign-in")
    await user.type(await screen.findByLabelText("Correo electrónico"), admin.email)
    await user.type(screen.getByLabelText("Contraseña"), "equivocada")
    await user.click(screen.getByRole("button", { name: "Ingresar" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("Correo o contraseña incorrectos")
    expect(window.location.pathname).toBe("/sign-in")
    expect(server.calls("POST /api/auth/local/sign-in").map((r) => r.body)).toEqual([{ email: admin.email, password: "equivocada" }])
  })

  it("goes home after signing in and shows the name, email and role", async () => {
    const { user } = renderApp("/sign-in")
    await user.type(await screen.findByLabelText("Correo electrónico"), admin.email)
    await user.type(screen.getByLabelText("Contraseña"), admin.password)
    await user.click(screen.getByRole("button", { name: "Ingresar" }))
    expect(await screen.findByRole("heading", { name: `Hola, ${admin.fullName}` })).toBeInTheDocument()
    expect(screen.getByText(admin.email)).toBeInTheDocument()
    expect(screen.getByText("Administrador")).toBeInTheDocument()
    expect(window.location.pathname).toBe("/")
  })

  it("returns a signed-in visitor of the sign-in page to home", async () => {
    await server.signIn(admin.email)
    renderApp("/sign-in")
    expect(await screen.findByRole("heading", { name: `Hola, ${admin.fullName}` })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/")
  })
})
