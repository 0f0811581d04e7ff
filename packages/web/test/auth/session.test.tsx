import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { signInThroughForm } from "./signInThroughForm"

// The test servers' token lifetime (an hour): no refresh happens during the test, so only the
// other tab's news can sign this one out. Refreshing is in refresh.test.tsx, on short tokens.
const server = useRealServer()
afterEach(() => server.signOut())

describe("session", () => {
  it("signs this tab out when another tab signs out", async () => {
    const { user } = renderApp("/sign-in")
    await signInThroughForm(user, admin)

    // What the browser does when another tab signs out: the server clears the shared cookie and
    // that tab's storage write reaches this one as an event.
    await server.signOut()
    const oldValue = localStorage.getItem("palma.session.expiresAt")
    localStorage.removeItem("palma.session.expiresAt")
    window.dispatchEvent(new StorageEvent("storage", { key: "palma.session.expiresAt", oldValue, newValue: null, storageArea: localStorage }))

    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(server.calls("POST /api/auth/local/refresh")).toEqual([])
  })
})
