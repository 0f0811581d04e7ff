import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ana } from "../accounts"
import { startFakeServer } from "../fakeServer"
import { renderApp } from "../renderApp"

describe("sign-in", () => {
  it("shows a loader while it learns the session, then sends a signed-out visitor from / to the sign-in page", async () => {
    startFakeServer()
    renderApp("/")
    expect(screen.getByRole("status", { name: "Cargando" })).toBeInTheDocument()
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/sign-in")
  })

  it("validates in Spanish before sending anything", async () => {
    const server = startFakeServer({ accounts: [ana] })
    const { user } = renderApp("/sign-in")
    await user.click(await screen.findByRole("button", { name: "Ingresar" }))
    expect(screen.getByText("Correo electrónico inválido")).toBeInTheDocument()
    expect(screen.getByText("Ingrese su contraseña")).toBeInTheDocument()

    await user.type(screen.getByLabelText("Correo electrónico"), "ana@palma")
    await user.type(screen.getByLabelText("Contraseña"), "x")
    await user.click(screen.getByRole("button", { name: "Ingresar" }))
    expect(screen.getByText("Correo electrónico inválido")).toBeInTheDocument()
    expect(screen.queryByText("Ingrese su contraseña")).not.toBeInTheDocument()
    expect(server.requests).not.toContain("POST /api/auth/local/sign-in")
  })

  it("shows the server's message when the credentials are wrong", async () => {
    startFakeServer({ accounts: [ana] })
    const { user } = renderApp("/sign-in")
    await user.type(await screen.findByLabelText("Correo electrónico"), ana.email)
    await user.type(screen.getByLabelText("Contraseña"), "equivocada")
    await user.click(screen.getByRole("button", { name: "Ingresar" }))
    expect(await screen.findByRole("alert")).toHaveTextContent("Correo o contraseña incorrectos")
    expect(window.location.pathname).toBe("/sign-in")
  })

  it("goes home after signing in and shows the name, email and role", async () => {
    startFakeServer({ accounts: [ana] })
    const { user } = renderApp("/sign-in")
    await user.type(await screen.findByLabelText("Correo electrónico"), ana.email)
    await user.type(screen.getByLabelText("Contraseña"), ana.password)
    await user.click(screen.getByRole("button", { name: "Ingresar" }))
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    expect(screen.getByText("ana@palma.cl")).toBeInTheDocument()
    expect(screen.getByText("Administrador")).toBeInTheDocument()
    expect(window.location.pathname).toBe("/")
  })

  it("returns a signed-in visitor of the sign-in page to home", async () => {
    const server = startFakeServer({ accounts: [ana] })
    server.signedIn = ana
    renderApp("/sign-in")
    expect(await screen.findByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
    expect(window.location.pathname).toBe("/")
  })
})
