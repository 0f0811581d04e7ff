import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { roleFromPublicMeta } from "@palma/core"
import { type RunningServer, startServer } from "../support/startServer.js"
import { clientAs, demo, signIn, signInForRefresh, statusOf } from "../support/api.js"

/** DESIGN §3, issue 10 §1: local sessions that can end, and admins managing users, over HTTP. */
let server: RunningServer
let admin: ReturnType<typeof clientAs>

beforeAll(async () => {
  server = await startServer()
  admin = clientAs(server.url, await signIn(server.url, demo.admin))
})
afterAll(() => server?.stop())

const password = "clave-segura-1"
let created = 0
/** A user of the test's own, so no test changes a demo account another one relies on. */
const newUser = async (role: "user" | "moderator" | "admin" | null = "user") => {
  created += 1
  const email = `persona${created}@palma.cl`
  const user = await admin((c) => c.auth.createUser({ payload: { email, fullName: `Persona Número ${created}`, role, password } }))
  return { ...user, ...(await signInForRefresh(server.url, email, password)) }
}
const as = (token: string) => clientAs(server.url, token)
const familyList = (token: string) => statusOf(as(token)((c) => c.family.list({ urlParams: {} })))
const roleIn = (token: string) => as(token)((c) => c.auth.me()).then((me) => roleFromPublicMeta(me.user.publicMetadata))

describe("sessions", () => {
  it("a signed-out session can't be refreshed, and ordinary requests refuse its token", async () => {
    const { token, refreshToken } = await newUser()
    expect(await familyList(token)).toBe(0)
    const out = await fetch(`${server.url}/api/auth/local/sign-out`, { method: "POST", headers: { authorization: `Bearer ${token}` } })
    expect(out.status).toBeLessThan(300)
    const refresh = await fetch(`${server.url}/api/auth/local/refresh`, { method: "POST", headers: { authorization: `Bearer ${refreshToken}` } })
    expect(refresh.status).toBe(401)
    expect(await refresh.json()).toMatchObject({ _tag: "Unauthorized", message: "Su sesión terminó. Inicie sesión nuevamente." })
    expect(await familyList(token)).toBe(401)
  })

  it("signing out one device leaves the others signed in", async () => {
    const { email, token } = await newUser()
    const other = await signIn(server.url, email, password)
    await as(token)((c) => c.auth.signOut())
    expect(await familyList(other)).toBe(0)
  })

  it("refresh keeps the session and carries the role an admin set since", async () => {
    const { id, token, refreshToken } = await newUser("user")
    expect(await roleIn(token)).toBe("user")
    await admin((c) => c.users.setRole({ path: { id }, payload: { role: "moderator" } }))
    const refreshed = await as(refreshToken)((c) => c.auth.refresh())
    expect(await roleIn(refreshed.token)).toBe("moderator")
    const before = await as(token)((c) => c.auth.me())
    const after = await as(refreshed.token)((c) => c.auth.me())
    expect(after.sessionId).toBe(before.sessionId)
    await admin((c) => c.users.setRole({ path: { id }, payload: { role: null } }))
    const none = await as(refreshToken)((c) => c.auth.refresh())
    expect(await roleIn(none.token)).toBe(null)
    expect(await familyList(none.token)).toBe(403)
  })

  it("lists my open sessions, marks this one, and closes one of them", async () => {
    const { email, token } = await newUser()
    const other = await signIn(server.url, email, password)
    const mine = await as(token)((c) => c.auth.sessions())
    expect(mine).toHaveLength(2)
    expect(mine.filter((s) => s.current)).toHaveLength(1)
    const otherId = (await as(other)((c) => c.auth.me())).sessionId
    expect(mine.map((s) => s.id).sort()).toEqual([otherId, mine.find((s) => s.current)!.id].sort())
    for (const s of mine) expect(Date.parse(s.expiresAt)).toBeGreaterThan(Date.now())

    await as(token)((c) => c.auth.closeSession({ path: { id: otherId } }))
    expect(await familyList(other)).toBe(401)
    expect(await as(token)((c) => c.auth.sessions())).toHaveLength(1)
    // Nobody closes someone else's session: it is not theirs, so it does not exist for them.
    const stranger = await newUser()
    const myId = (await as(token)((c) => c.auth.me())).sessionId
    expect(await statusOf(as(stranger.token)((c) => c.auth.closeSession({ path: { id: myId } })))).toBe(404)
    expect(await familyList(token)).toBe(0)
  })

  it("closing all my sessions signs me out everywhere and clears the cookie", async () => {
    const { email, token } = await newUser()
    const other = await signInForRefresh(server.url, email, password)
    const response = await fetch(`${server.url}/api/auth/sessions/close-all`, { method: "POST", headers: { authorization: `Bearer ${token}` } })
    expect(response.status).toBeLessThan(300)
    expect(response.headers.get("set-cookie")).toMatch(/__session=;.*Max-Age=0/i)
    expect(await familyList(token)).toBe(401)
    expect(await familyList(other.token)).toBe(401)
    expect(await statusOf(as(other.refreshToken)((c) => c.auth.refresh()))).toBe(401)
    // Signing in again opens a new session.
    expect(await familyList(await signIn(server.url, email, password))).toBe(0)
  })
})

describe("refresh from the session, not the access token", () => {
  const postWith = (path: string, headers: Record<string, string>) => fetch(`${server.url}/api/auth/local/${path}`, { method: "POST", headers })

  it("the refresh credential alone gets a new access token, so an expired one is no obstacle", async () => {
    const { token, refreshToken } = await newUser()
    const before = await as(token)((c) => c.auth.me())
    // No access token on the request at all: only the session's credential.
    const refreshed = await as(refreshToken)((c) => c.auth.refresh())
    expect(refreshed.refreshToken).toBeUndefined()
    expect((await as(refreshed.token)((c) => c.auth.me())).sessionId).toBe(before.sessionId)
  })

  it("an access token can't mint new ones, and a forged or foreign credential is refused alike", async () => {
    const { token, refreshToken } = await newUser()
    expect((await postWith("refresh", { authorization: `Bearer ${token}` })).status).toBe(401)
    const [, sessionPart] = /^prt_(.+)\.[^.]+$/.exec(refreshToken)!
    const forged = `prt_${sessionPart}.${"A".repeat(43)}`
    expect((await postWith("refresh", { authorization: `Bearer ${forged}` })).status).toBe(401)
    expect((await postWith("refresh", { authorization: "Bearer prt_nada" })).status).toBe(401)
    // The right one still works after the refusals.
    expect((await postWith("refresh", { authorization: `Bearer ${refreshToken}` })).status).toBe(200)
  })

  it("the browser gets the credential as a cookie only the local auth routes receive, and refreshes with it", async () => {
    const { email } = await newUser()
    const response = await fetch(`${server.url}/api/auth/local/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password })
    })
    const body = (await response.json()) as { refreshToken?: string }
    expect(body.refreshToken).toBeUndefined()
    const cookies = response.headers.getSetCookie()
    const refreshCookie = cookies.find((c) => c.startsWith("__palma_refresh="))!
    expect(refreshCookie).toMatch(/HttpOnly/i)
    expect(refreshCookie).toMatch(/SameSite=Strict/i)
    expect(refreshCookie).toMatch(/Path=\/api\/auth\/local(;|$)/i)
    const pair = refreshCookie.split(";")[0]!
    const refreshed = await postWith("refresh", { cookie: pair })
    expect(refreshed.status).toBe(200)
    // Signing out with only that cookie (the access token long expired) ends the session and clears both cookies.
    const out = await postWith("sign-out", { cookie: pair })
    expect(out.headers.getSetCookie().join("\n")).toMatch(/__palma_refresh=;.*Max-Age=0/i)
    expect((await postWith("refresh", { cookie: pair })).status).toBe(401)
  })

  it("the CLI signs out with its credential after the access token expired, ending the session", async () => {
    const { token, refreshToken } = await newUser()
    await as(refreshToken)((c) => c.auth.signOut())
    expect(await familyList(token)).toBe(401)
    expect(await statusOf(as(refreshToken)((c) => c.auth.refresh()))).toBe(401)
  })
})

describe("admins manage users", () => {
  it("a disabled user is refused at once, can't refresh or sign in, and signs in again once enabled", async () => {
    const { id, email, token, refreshToken } = await newUser()
    const disabled = await admin((c) => c.users.disable({ path: { id } }))
    expect(disabled).toMatchObject({ id, disabled: true })
    expect(await familyList(token)).toBe(401)
    expect(await statusOf(as(refreshToken)((c) => c.auth.refresh()))).toBe(401)
    const refused = await fetch(`${server.url}/api/auth/local/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password })
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ message: expect.stringMatching(/desactivada/) })

    expect(await admin((c) => c.users.enable({ path: { id } }))).toMatchObject({ disabled: false })
    expect(await familyList(await signIn(server.url, email, password))).toBe(0)
    // The old token's session stays ended: enabling does not revive it.
    expect(await familyList(token)).toBe(401)
  })

  it("lists users paged, searching name or email without accents or case", async () => {
    await newUser()
    const all = await admin((c) => c.users.list({ urlParams: { pageSize: 2 } }))
    expect(all.items).toHaveLength(2)
    expect(all.total).toBeGreaterThanOrEqual(5)
    const second = await admin((c) => c.users.list({ urlParams: { pageSize: 2, page: 2 } }))
    expect(second.items.map((u) => u.id)).not.toContain(all.items[0]!.id)
    const found = await admin((c) => c.users.list({ urlParams: { search: "NUMERO" } }))
    expect(found.items.length).toBeGreaterThan(0)
    for (const user of found.items) expect(user.fullName).toMatch(/Número/)
    const byEmail = await admin((c) => c.users.list({ urlParams: { search: "ADMIN@palma" } }))
    expect(byEmail.items.map((u) => u.email)).toEqual([demo.admin])
    expect(byEmail.items[0]).toMatchObject({ role: "admin", disabled: false })
  })

  it("never leaves Palma without an active admin", async () => {
    const second = await newUser("admin")
    const secondAdmin = as(second.token)
    const me = await admin((c) => c.auth.me())
    // Two admins: one may step down…
    await secondAdmin((c) => c.users.setRole({ path: { id: second.id }, payload: { role: "user" } }))
    // …but the last one can neither be demoted nor disabled, not even by themself.
    const demote = await fetch(`${server.url}/api/auth/local/users/${me.userId}/role`, {
      method: "PUT",
      headers: { "content-type": "application/json", authorization: `Bearer ${await signIn(server.url, demo.admin)}` },
      body: JSON.stringify({ role: "user" })
    })
    expect(demote.status).toBe(409)
    expect(await demote.json()).toMatchObject({ message: expect.stringMatching(/al menos un administrador activo/) })
    expect(await statusOf(admin((c) => c.users.disable({ path: { id: me.userId } })))).toBe(409)
    expect(await roleIn(await signIn(server.url, demo.admin))).toBe("admin")
  })

  it("answers 404 for an unknown user and keeps the routes to admins", async () => {
    expect(await statusOf(admin((c) => c.users.disable({ path: { id: "user_nadie" } })))).toBe(404)
    const moderator = as(await signIn(server.url, demo.moderator))
    expect(await statusOf(moderator((c) => c.users.list({ urlParams: {} })))).toBe(403)
  })
})
