import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { roleFromPublicMeta } from "@palma/core"
import { type RunningServer, startServer } from "../support/startServer.js"
import { clientAs, demo, demoPassword, signIn, signInForRefresh, statusOf } from "../support/api.js"

let server: RunningServer

beforeAll(async () => {
  server = await startServer()
})
afterAll(() => server?.stop())

const postJson = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })

describe("local sign-in", () => {
  it.each([
    ["admin", demo.admin, "admin"],
    ["moderator", demo.moderator, "moderator"],
    ["user", demo.user, "user"],
    ["no role", demo.none, null]
  ])("signs in the demo %s and reports the session shape", async (_, email, role) => {
    const token = await signIn(server.url, email)
    const session = await clientAs(server.url, token)((c) => c.auth.me())
    expect(session.user.email).toBe(email)
    expect(session.user.fullName).toBeTruthy()
    expect(session.userId).toMatch(/^user_/)
    expect(session.sessionId).toMatch(/^sess_/)
    expect(roleFromPublicMeta(session.user.publicMetadata)).toBe(role)
    expect(session).toMatchObject({ orgId: null, orgRole: null, orgSlug: null, orgPermissions: [], actor: null })
  })

  it("answers a wrong password and an unknown email alike", async () => {
    const wrong = await postJson("/api/auth/local/sign-in", { email: demo.admin, password: "otra-clave" })
    const unknown = await postJson("/api/auth/local/sign-in", { email: "nadie@palma.cl", password: "otra-clave" })
    expect(wrong.status).toBe(401)
    expect(unknown.status).toBe(401)
    expect(await wrong.json()).toEqual(await unknown.json())
  })

  it("sets an HttpOnly __session cookie that authenticates the browser", async () => {
    const response = await postJson("/api/auth/local/sign-in", { email: demo.user, password: demoPassword })
    const cookie = response.headers.get("set-cookie") ?? ""
    expect(cookie).toMatch(/^__session=/)
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    const value = cookie.split(";")[0]!
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: value } })
    expect(me.status).toBe(200)
  })

  it("signs out by clearing the cookie", async () => {
    const response = await postJson("/api/auth/local/sign-out", {})
    expect(response.status).toBeLessThan(300)
    expect(response.headers.get("set-cookie")).toMatch(/__session=;.*Max-Age=0/i)
  })

  it("refreshes a token, keeping the session id and reading the role again", async () => {
    const { token, refreshToken } = await signInForRefresh(server.url, demo.moderator)
    const before = await clientAs(server.url, token)((c) => c.auth.me())
    const refreshed = await clientAs(server.url, refreshToken)((c) => c.auth.refresh())
    const after = await clientAs(server.url, refreshed.token)((c) => c.auth.me())
    expect(after.sessionId).toBe(before.sessionId)
    expect(refreshed.expiresAt).toBeGreaterThan(Date.now())
  })
})

describe("sign-up and users", () => {
  it("creates an account without a role, which signs in next and can only read its own profile", async () => {
    const response = await postJson("/api/auth/local/sign-up", { email: "nueva@palma.cl", password: "una-clave-larga", fullName: "Nueva Persona" })
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ message: expect.stringMatching(/Inicie sesión/) })
    // No session comes with it: the person signs in, as with any account.
    expect(response.headers.get("set-cookie")).toBeNull()
    const token = await signIn(server.url, "nueva@palma.cl", "una-clave-larga")
    const me = await clientAs(server.url, token)((c) => c.auth.me())
    expect(me.user).toMatchObject({ email: "nueva@palma.cl", fullName: "Nueva Persona", publicMetadata: {} })
    expect(await statusOf(clientAs(server.url, token)((c) => c.family.list({ urlParams: {} })))).toBe(403)
  })

  it("answers an email that has an account exactly as a new one, without a session and leaving that account as it was", async () => {
    const fresh = await postJson("/api/auth/local/sign-up", { email: "otra.nueva@palma.cl", password: "una-clave-larga", fullName: "Otra" })
    // The seed's admin, in another case: the same account.
    const taken = await postJson("/api/auth/local/sign-up", { email: demo.admin.toUpperCase(), password: "una-clave-larga", fullName: "Impostora" })
    expect(taken.status).toBe(fresh.status)
    expect(await taken.json()).toEqual(await fresh.json())
    expect(taken.headers.get("set-cookie")).toBeNull()
    expect(await statusOf(signIn(server.url, demo.admin, "una-clave-larga"))).toBe(401)
    const admin = await clientAs(server.url, await signIn(server.url, demo.admin))((c) => c.auth.me())
    expect(admin.user.fullName).not.toBe("Impostora")
    expect(roleFromPublicMeta(admin.user.publicMetadata)).toBe("admin")
  })

  it("lets an admin add a user with a role, and nobody else", async () => {
    const admin = clientAs(server.url, await signIn(server.url, demo.admin))
    const user = await admin((c) =>
      c.auth.createUser({ payload: { email: "supervisora@palma.cl", fullName: "Sara Supervisora", role: "moderator", password: "clave-segura-1" } })
    )
    expect(user).toMatchObject({ email: "supervisora@palma.cl", role: "moderator" })
    const token = await signIn(server.url, "supervisora@palma.cl", "clave-segura-1")
    const me = await clientAs(server.url, token)((c) => c.auth.me())
    expect(roleFromPublicMeta(me.user.publicMetadata)).toBe("moderator")

    const operador = clientAs(server.url, await signIn(server.url, demo.user))
    expect(
      await statusOf(operador((c) => c.auth.createUser({ payload: { email: "x@palma.cl", fullName: "X", role: "admin", password: "clave-segura-1" } })))
    ).toBe(403)
  })
})

describe("without a token", () => {
  it("refuses the profile and every staff read with 401 and a Spanish message", async () => {
    const me = await fetch(`${server.url}/api/auth/me`)
    expect(me.status).toBe(401)
    expect(await me.json()).toMatchObject({ _tag: "Unauthorized", message: "Inicie sesión para continuar" })
    expect((await fetch(`${server.url}/api/district/listAll`)).status).toBe(401)
  })

  it("publishes the contract as OpenAPI with a local docs page", async () => {
    const spec = (await (await fetch(`${server.url}/api/openapi.json`)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(spec.paths).includes("/api/family/list")).toBe(true)
    const docs = await fetch(`${server.url}/api/docs`)
    expect(docs.status).toBe(200)
    // Served from the package's own assets: no script or stylesheet from elsewhere.
    expect(await docs.text()).not.toMatch(/<(script|link)[^>]+(src|href)="https?:/)
  })
})
