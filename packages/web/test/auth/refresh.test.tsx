import { screen } from "@testing-library/react"
import { afterEach, describe, expect, it, vi } from "vitest"
import { admin } from "../accounts"
import { useRealServer } from "../realServer"
import { renderApp } from "../renderApp"
import { signInThroughForm } from "./signInThroughForm"

// Tokens of 2 seconds: the app refreshes each one about a second before it expires (halfway),
// so several refreshes happen within a test. Shorter would race the cookie's own expiry.
const server = useRealServer({ env: { PALMA_LOCAL_TOKEN_TTL_SECONDS: "2" } })
afterEach(() => server.signOut())

const refreshes = () => server.calls("POST /api/auth/local/refresh").length

/** Only the first call to `route` gets `answer`; the rest reach the server. */
const firstOnly = (route: string, answer: () => Response | Promise<Response>) => {
  let first = true
  server.override.set(route, (forward) => {
    if (!first) return forward()
    first = false
    return answer()
  })
}

/**
 * This browser knew of a session whose token ran out an hour ago, and the first check of the
 * session meets that expired token, as after a night asleep; the session itself is live.
 */
const wokenUp = async () => {
  await server.signIn(admin.email)
  localStorage.setItem("palma.session.expiresAt", String(Date.now() - 3_600_000))
  firstOnly("GET /api/auth/me", () => Response.json({ _tag: "Unauthorized", message: "Su sesión expiró. Inicie sesión nuevamente." }, { status: 401 }))
}

/** What Chromium does to a request of a page it is leaving: the first refresh fails with no answer. */
const cutFirstRefresh = () => firstOnly("POST /api/auth/local/refresh", () => Promise.reject(new TypeError("Failed to fetch")))

describe("token refresh", () => {
  it("refreshes the token before it expires and stays signed in", async () => {
    const { user } = renderApp("/sign-in")
    await signInThroughForm(user, admin)
    // Three refreshes take longer than the first token lived: only a renewed cookie keeps the session.
    await expect.poll(refreshes, { timeout: 8_000 }).toBeGreaterThanOrEqual(3)
    expect(screen.getByRole("heading", { name: `Hola, ${admin.fullName}` })).toBeInTheDocument()
    await expect(server.api("GET", "/api/auth/me")).resolves.toMatchObject({ user: { email: admin.email } })
  })

  it("signs out only after a refresh on the wire is answered, so its new cookie can't bring the session back", async () => {
    // Gated from the start: a refresh sent while the sign-in was still settling would slip past the gate.
    let release = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    let refreshAnswered = false
    let refreshAnsweredAtSignOut: boolean | null = null
    server.override.set("POST /api/auth/local/refresh", async (forward) => {
      await gate
      const answer = await forward()
      refreshAnswered = true
      return answer
    })
    server.override.set("POST /api/auth/local/sign-out", (forward) => {
      refreshAnsweredAtSignOut = refreshAnswered
      return forward()
    })
    const { user } = renderApp("/sign-in")
    await signInThroughForm(user, admin)
    await expect.poll(refreshes, { timeout: 8_000 }).toBeGreaterThanOrEqual(1)
    await user.click(await screen.findByRole("button", { name: "Menú de usuario" }))
    await user.click(await screen.findByRole("menuitem", { name: "Cerrar sesión" }))
    release()
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(refreshAnsweredAtSignOut).toBe(true)
    await expect(server.api("GET", "/api/auth/me")).rejects.toThrow(/401/)
  })

  it("opens signed in when the access token lapsed but the session is live (a laptop woken up)", async () => {
    await wokenUp()
    renderApp("/")
    expect(await screen.findByRole("heading", { name: `Hola, ${admin.fullName}` })).toBeInTheDocument()
    expect(refreshes()).toBeGreaterThanOrEqual(1)
  })

  it("keeps the session known when a refresh gets no answer (a reload leaving the page), so the next page resumes", async () => {
    await wokenUp()
    cutFirstRefresh()
    const first = renderApp("/")
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" })).toBeInTheDocument()
    expect(localStorage.getItem("palma.session.expiresAt")).not.toBeNull()
    first.unmount()
    renderApp("/")
    expect(await screen.findByRole("heading", { name: `Hola, ${admin.fullName}` })).toBeInTheDocument()
  })

  it("tries a timed refresh again when it got no answer, never telling other tabs of a sign-out", async () => {
    // Other tabs learn of a sign-out from the shared expiry's removal (a storage event).
    const removeItem = vi.spyOn(Storage.prototype, "removeItem")
    cutFirstRefresh()
    const { user } = renderApp("/sign-in")
    await signInThroughForm(user, admin)
    // The first refresh is cut; the retry a few seconds later renews the (by then lapsed) token.
    await expect.poll(refreshes, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
    await expect
      .poll(
        () =>
          server.api("GET", "/api/auth/me").then(
            () => true,
            () => false
          ),
        { timeout: 5_000 }
      )
      .toBe(true)
    expect(screen.getByRole("heading", { name: `Hola, ${admin.fullName}` })).toBeInTheDocument()
    expect(removeItem.mock.calls.map(([key]) => key)).not.toContain("palma.session.expiresAt")
    removeItem.mockRestore()
  })

  it("signs out when the refresh fails", async () => {
    const { user } = renderApp("/sign-in")
    await signInThroughForm(user, admin)
    // The session ends behind the app's back (no storage event): the server clears the cookie,
    // so the next refresh is refused.
    await server.signOut()
    expect(await screen.findByRole("heading", { name: "Iniciar sesión" }, { timeout: 5_000 })).toBeInTheDocument()
    expect(refreshes()).toBeGreaterThan(0)
  })
})
