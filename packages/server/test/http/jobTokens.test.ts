import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../support/startServer.js"
import { clientAs, demo, signIn, signInForRefresh, statusOf } from "../support/api.js"

/**
 * Issue 14 "a long-lived token an admin can issue for a job account, revocable": a job token is a
 * session of the account with no idle limit, good until its days run out or an admin revokes it.
 * The server here ends a person's session after 2 s without a refresh, so outliving that shows the
 * difference.
 */
let server: RunningServer

beforeAll(async () => {
  server = await startServer({ env: { PALMA_SESSION_IDLE_SECONDS: "2" } })
})
afterAll(() => server?.stop())

/** The admin, signed in afresh: a session of theirs would go idle here too. */
const admin: ReturnType<typeof clientAs> = async (f) => clientAs(server.url, await signIn(server.url, demo.admin))(f)

let created = 0
const jobAccount = async (role: "user" | "moderator" | "admin" | null = "user") => {
  created += 1
  return admin((c) =>
    c.auth.createUser({ payload: { email: `tarea${created}@palma.cl`, fullName: `Tarea Programada ${created}`, role, password: "clave-segura-1" } })
  )
}
const refresh = (credential: string) => fetch(`${server.url}/api/auth/local/refresh`, { method: "POST", headers: { authorization: `Bearer ${credential}` } })
const accessWith = async (credential: string) => {
  const response = await refresh(credential)
  expect(response.status).toBe(200)
  return ((await response.json()) as { token: string }).token
}
const casesStatus = (token: string) => statusOf(clientAs(server.url, token)((c) => c.case.getAll({ urlParams: {} })))
const idleWait = () => new Promise((resolve) => setTimeout(resolve, 2_500))

describe("job tokens", () => {
  it("an admin issues one for an account; it gets access tokens with that account's role, after a person's session went idle", async () => {
    const account = await jobAccount("user")
    const person = await signInForRefresh(server.url, account.email, "clave-segura-1")
    const issued = await admin((c) => c.users.issueJobToken({ path: { id: account.id }, payload: { name: "Exportación nocturna", days: 30 } }))
    expect(issued).toMatchObject({ name: "Exportación nocturna", userId: account.id, userEmail: account.email, issuedBy: demo.admin })
    expect(issued.token).toMatch(/^prt_sess_/)
    const days = (Date.parse(issued.expiresAt) - Date.parse(issued.createdAt)) / 86_400_000
    expect(days).toBeCloseTo(30, 5)

    const access = await accessWith(issued.token)
    expect(await casesStatus(access)).toBe(0)
    await idleWait()
    // The person's session, not refreshed for longer than the idle limit, ended; the job's did not.
    expect((await refresh(person.refreshToken)).status).toBe(401)
    expect(await casesStatus(await accessWith(issued.token))).toBe(0)
    await idleWait()
    expect(await casesStatus(await accessWith(issued.token))).toBe(0)

    // Listed for admins, without the secret.
    const listed = await admin((c) => c.jobTokens.list())
    const mine = listed.find((t) => t.id === issued.id)
    expect(mine).toMatchObject({ name: "Exportación nocturna", userEmail: account.email, expiresAt: issued.expiresAt })
    expect(JSON.stringify(listed)).not.toContain(issued.token.split(".")[1]!)
  })

  it("revoked, it can't be refreshed and the access tokens it gave are refused", async () => {
    const account = await jobAccount("moderator")
    const issued = await admin((c) => c.users.issueJobToken({ path: { id: account.id }, payload: { name: "Carga semanal" } }))
    const days = (Date.parse(issued.expiresAt) - Date.parse(issued.createdAt)) / 86_400_000
    expect(days).toBeCloseTo(365, 5)
    const access = await accessWith(issued.token)
    await admin((c) => c.jobTokens.revoke({ path: { id: issued.id } }))
    expect((await refresh(issued.token)).status).toBe(401)
    expect(await casesStatus(access)).toBe(401)
    expect((await admin((c) => c.jobTokens.list())).map((t) => t.id)).not.toContain(issued.id)
    expect(await statusOf(admin((c) => c.jobTokens.revoke({ path: { id: issued.id } })))).toBe(404)
  })

  it("acts as its account: a role change reaches its next token, disabling the account ends it", async () => {
    const account = await jobAccount("user")
    const issued = await admin((c) => c.users.issueJobToken({ path: { id: account.id }, payload: { name: "Reporte" } }))
    await admin((c) => c.users.setRole({ path: { id: account.id }, payload: { role: null } }))
    expect(await casesStatus(await accessWith(issued.token))).toBe(403)
    await admin((c) => c.users.disable({ path: { id: account.id } }))
    expect((await refresh(issued.token)).status).toBe(401)
  })

  it("only admins issue, list and revoke; an account without a role or disabled gets none; the name and days are checked", async () => {
    const account = await jobAccount("user")
    const operator = clientAs(server.url, await signIn(server.url, demo.user))
    expect(await statusOf(operator((c) => c.users.issueJobToken({ path: { id: account.id }, payload: { name: "x" } })))).toBe(403)
    expect(await statusOf(operator((c) => c.jobTokens.list()))).toBe(403)
    const noRole = await jobAccount(null)
    const refused = await admin((c) => c.users.issueJobToken({ path: { id: noRole.id }, payload: { name: "x" } })).catch(
      (e: { status: number; message: string }) => e
    )
    expect(refused).toMatchObject({ status: 400, message: "La cuenta no tiene rol: asígnele uno antes de emitirle un token" })
    expect(await statusOf(admin((c) => c.users.issueJobToken({ path: { id: "user_nadie" }, payload: { name: "x" } })))).toBe(404)
    const bad = await fetch(`${server.url}/api/auth/local/users/${account.id}/job-tokens`, {
      method: "POST",
      headers: { authorization: `Bearer ${await signIn(server.url, demo.admin)}`, "content-type": "application/json" },
      body: JSON.stringify({ name: " ", days: 1000 })
    })
    expect(bad.status).toBe(400)
    const text = await bad.text()
    expect(text).toContain("Este campo es obligatorio")
    expect(text).toContain("Días inválidos: un entero entre 1 y 400")
  })
})
