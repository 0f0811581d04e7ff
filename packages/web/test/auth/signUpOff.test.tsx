import { screen } from "@testing-library/react"
import { describe, expect, it } from "vitest"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { openSignInPage } from "../signIn/openSignInPage"

// A deployment where admins create the accounts.
const server = useRealServer({ env: { PALMA_SIGN_UP: "0" } })

describe("sign-up turned off (PALMA_SIGN_UP=0)", () => {
  it("the sign-in page offers no «Crear cuenta» and says who creates accounts", async () => {
    renderApp("/sign-in")
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(screen.queryByRole("link", { name: "Crear cuenta" })).not.toBeInTheDocument()
    expect(screen.getByText(/Pida a un administrador de Palma que le cree una/)).toBeInTheDocument()
  })

  it("the light sign-in page (/sign-in on its own) says the same", async () => {
    openSignInPage()
    expect(await screen.findByText(/Pida a un administrador de Palma que le cree una/)).toBeInTheDocument()
    expect(screen.queryByRole("link", { name: "Crear cuenta" })).not.toBeInTheDocument()
  })

  it("the sign-up address says sign-up is off instead of showing a form", async () => {
    renderApp("/sign-up")
    expect(await screen.findByText(/La creación de cuentas está desactivada/)).toBeInTheDocument()
    expect(screen.queryByRole("textbox", { name: "Correo electrónico" })).not.toBeInTheDocument()
    expect(screen.getByRole("link", { name: "Ingresar" })).toHaveAttribute("href", "/sign-in")
    expect(server.calls("POST /api/auth/local/sign-up")).toEqual([])
  })
})
