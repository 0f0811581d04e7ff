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

  /** Fills and sends the sign-up form, then waits for the sign-in page it leads to. */
  const signUp = async (user: ReturnType<typeof renderApp>["user"], details: { fullName: string; email: string }) => {
    await user.type(await screen.findByLabelText("Nombre completo"), details.fullName)
    await user.type(screen.getByLabelText("Correo electrónico"), details.email)
    await user.type(screen.getByLabelText("Contraseña"), "una-clave-larga")
    await user.click(screen.getByRole("button", { name: "Crear cuenta" }))
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    return screen.getByRole("alert").textContent
  }

  it("leads to the sign-in page with the email typed, where the new account signs in without a role", async () => {
    const { user } = renderApp("/sign-up")
    expect(await signUp(user, { fullName: "Carla Díaz", email: "carla@palma.cl" })).toMatch(/Inicie sesión con su correo y su contraseña/)
    expect(window.location.pathname).toBe("/sign-in")
    expect(screen.getByLabelText("Correo electrónico")).toHaveValue("carla@palma.cl")
    // Signing up signed nobody in.
    await expect(server.api("GET", "/api/auth/me")).rejects.toThrow(/401/)

    await user.type(screen.getByLabelText("Contraseña"), "una-clave-larga")
    await user.click(screen.getByRole("button", { name: "Ingresar" }))
    expect(await screen.findByRole("heading", { name: "Hola, Carla Díaz" })).toBeInTheDocument()
    expect(screen.getByRole("alert")).toHaveTextContent("Pida a un administrador")
    const me = await server.api<Session>("GET", "/api/auth/me")
    expect(me.user).toMatchObject({ fullName: "Carla Díaz", email: "carla@palma.cl", publicMetadata: {} })
  })

  it("answers an email that has an account as any new one, and signs nobody in", async () => {
    const first = renderApp("/sign-up")
    const fresh = await signUp(first.user, { fullName: "Otra Persona", email: "otra.persona@palma.cl" })
    first.unmount()
    const { user } = renderApp("/sign-up")
    // The seed's admin already has this email.
    expect(await signUp(user, { fullName: "Otra Ana", email: admin.email })).toBe(fresh)
    expect(screen.getByLabelText("Correo electrónico")).toHaveValue(admin.email)
    await expect(server.api("GET", "/api/auth/me")).rejects.toThrow(/401/)
  })
})
