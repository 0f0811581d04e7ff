import { TRANSPORT_MESSAGE } from "@palma/core/client/failureMessages"
import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { openSignInPage } from "./openSignInPage"

const server = useRealServer()
afterEach(() => server.signOut())

const fill = async (user: ReturnType<typeof openSignInPage>["user"], email: string, password: string) => {
  await user.type(screen.getByLabelText("Correo electrónico"), email)
  await user.type(screen.getByLabelText("Contraseña"), password)
  await user.click(screen.getByRole("button", { name: "Ingresar" }))
}

describe("the light sign-in page (/sign-in on its own)", () => {
  it("signs in, keeps the token's expiry for the app, and loads the page the person was going to", async () => {
    const { user, navigation } = openSignInPage("/sign-in?from=%2Fmasters%2Ffamily%3Fq%3Dhogar")
    expect(screen.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeInTheDocument()
    await fill(user, admin.email, admin.password)
    await expect.poll(() => navigation.assign.mock.calls).toEqual([["/masters/family?q=hogar"]])
    expect(server.calls("POST /api/auth/local/sign-in").map((r) => r.body)).toEqual([{ email: admin.email, password: admin.password }])
    expect(Number(localStorage.getItem("palma.session.expiresAt"))).toBeGreaterThan(Date.now())
    await expect(server.api("GET", "/api/auth/me")).resolves.toMatchObject({ user: { email: admin.email } })
    // The form stays busy while the next page loads.
    expect(screen.getByRole("button", { name: "Ingresar" })).toBeDisabled()
  })

  it("goes home when the address it was given is not a page of this app", async () => {
    const { user, navigation } = openSignInPage("/sign-in?from=%2F%2Fotro.example%2Fx")
    await fill(user, admin.email, admin.password)
    await expect.poll(() => navigation.assign.mock.calls).toEqual([["/"]])
  })

  it("validates in Spanish as the contract does, before sending anything", async () => {
    const { user } = openSignInPage()
    await user.click(screen.getByRole("button", { name: "Ingresar" }))
    expect(screen.getByText("Correo electrónico inválido")).toBeInTheDocument()
    expect(screen.getByText("Ingrese su contraseña")).toBeInTheDocument()
    expect(screen.getByLabelText("Correo electrónico")).toHaveAttribute("aria-invalid", "true")
    expect(screen.getByLabelText("Correo electrónico")).toHaveAccessibleDescription("Correo electrónico inválido")
    // Editing a field clears its error until the next attempt.
    await user.type(screen.getByLabelText("Contraseña"), "x")
    expect(screen.queryByText("Ingrese su contraseña")).not.toBeInTheDocument()
    expect(screen.getByText("Correo electrónico inválido")).toBeInTheDocument()
    expect(server.calls("POST /api/auth/local/sign-in")).toEqual([])
  })

  it("shows the server's message when the credentials are wrong, and lets the person try again", async () => {
    const { user, navigation } = openSignInPage()
    await fill(user, admin.email, "equivocada")
    expect(await screen.findByRole("alert")).toHaveTextContent("Correo o contraseña incorrectos")
    expect(screen.getByRole("button", { name: "Ingresar" })).toBeEnabled()
    expect(navigation.assign).not.toHaveBeenCalled()
    expect(localStorage.getItem("palma.session.expiresAt")).toBeNull()
  })

  it("says the server cannot be reached, as the app does", async () => {
    server.override.set("POST /api/auth/local/sign-in", () => {
      throw new TypeError("Failed to fetch")
    })
    const { user } = openSignInPage()
    await fill(user, admin.email, admin.password)
    expect(await screen.findByRole("alert")).toHaveTextContent(TRANSPORT_MESSAGE)
  })

  it("shows and hides the password", async () => {
    const { user } = openSignInPage()
    const toggle = screen.getByRole("button", { name: "Mostrar contraseña" })
    await user.click(toggle)
    expect(screen.getByLabelText("Contraseña")).toHaveAttribute("type", "text")
    expect(toggle).toHaveAttribute("aria-pressed", "true")
    await user.click(toggle)
    expect(screen.getByLabelText("Contraseña")).toHaveAttribute("type", "password")
  })

  it("offers «Crear cuenta» when this server lets people sign up", async () => {
    openSignInPage()
    expect(await screen.findByRole("link", { name: "Crear cuenta" })).toHaveAttribute("href", "/sign-up")
  })

  it("sends someone already signed in on to where they were going", async () => {
    const first = openSignInPage()
    await fill(first.user, admin.email, admin.password)
    await expect.poll(() => first.navigation.assign.mock.calls.length).toBe(1)
    const { navigation } = openSignInPage("/sign-in?from=%2Fassistance%2Fcase")
    await expect.poll(() => navigation.replace.mock.calls).toEqual([["/assistance/case"]])
  })

  it("resumes a session whose token lapsed (the server sent a deep link here) from its refresh cookie, and goes on", async () => {
    const first = openSignInPage()
    await fill(first.user, admin.email, admin.password)
    await expect.poll(() => first.navigation.assign.mock.calls.length).toBe(1)
    const before = Number(localStorage.getItem("palma.session.expiresAt"))
    // The access token's cookie is gone a minute after the last refresh: the server answers 401 as it does then.
    server.override.set("GET /api/auth/me", () => Response.json({ _tag: "Unauthorized", message: "Sesión expirada" }, { status: 401 }))
    const { navigation } = openSignInPage("/sign-in?from=%2Fassistance%2Fcase%2F123")
    await expect.poll(() => navigation.replace.mock.calls).toEqual([["/assistance/case/123"]])
    expect(server.calls("POST /api/auth/local/refresh")).toHaveLength(1)
    expect(Number(localStorage.getItem("palma.session.expiresAt"))).toBeGreaterThanOrEqual(before)
  })

  it("stays on the form when the session cannot be resumed (signed out elsewhere)", async () => {
    localStorage.setItem("palma.session.expiresAt", String(Date.now() - 1000))
    const { navigation } = openSignInPage("/sign-in?from=%2Fassistance%2Fcase%2F123")
    await expect.poll(() => server.calls("POST /api/auth/local/refresh")).toHaveLength(1)
    expect(navigation.replace).not.toHaveBeenCalled()
    expect(screen.getByRole("heading", { level: 1, name: "Iniciar sesión" })).toBeInTheDocument()
  })
})
