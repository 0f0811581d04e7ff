import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { ana } from "../accounts"
import { startFakeServer } from "../fakeServer"
import { renderApp } from "../renderApp"

const signInAsAna = async (user: ReturnType<typeof renderApp>["user"]) => {
  await user.type(await screen.findByLabelText("Correo electrónico"), ana.email)
  await user.type(screen.getByLabelText("Contraseña"), ana.password)
  await user.click(screen.getByRole("button", { name: "Ingresar" }))
  await screen.findByRole("heading", { name: "Hola, Ana Pérez" })
}

describe("session", () => {
  it("signs this tab out when another tab signs out", async () => {
    const server = startFakeServer({ accounts: [ana] })
    const { user } = renderApp("/sign-in")
    await signInAsAna(user)

    // What the browser does when another tab signs out: the cookie is gone and storage tells us.
    server.signedIn = null
    const oldValue = localStorage.getItem("palma.session.expiresAt")
    window.dispatchEvent(new StorageEvent("storage", { key: "palma.session.expiresAt", oldValue, newValue: null, storageArea: localStorage }))

    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
  })

  it("refreshes the token before it expires and stays signed in", async () => {
    const server = startFakeServer({ accounts: [ana], tokenTtlMs: 200 })
    const { user } = renderApp("/sign-in")
    await signInAsAna(user)
    await expect.poll(() => server.requests.filter((r) => r === "POST /api/auth/local/refresh").length).toBeGreaterThanOrEqual(2)
    expect(screen.getByRole("heading", { name: "Hola, Ana Pérez" })).toBeInTheDocument()
  })

  it("signs out when the refresh fails", async () => {
    const server = startFakeServer({ accounts: [ana], tokenTtlMs: 200 })
    const { user } = renderApp("/sign-in")
    await signInAsAna(user)
    // The server forgets the session (expired, revoked): the next refresh is refused.
    server.signedIn = null
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
  })
})
