import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type RunningServer, startServer } from "../support/startServer.js"
import { demo, demoPassword } from "../support/api.js"

/** DESIGN §3, issue 10 §2: sign-in and sign-up throttled per account and per client address. */
let server: RunningServer
let behindProxy: RunningServer
let noSignUp: RunningServer

beforeAll(async () => {
  ;[server, behindProxy, noSignUp] = await Promise.all([
    startServer(),
    startServer({ env: { PALMA_TRUST_PROXY: "1" } }),
    startServer({ env: { PALMA_SIGN_UP: "0" } })
  ])
})
afterAll(() => Promise.all([server?.stop(), behindProxy?.stop(), noSignUp?.stop()]))

const post = (base: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/auth/local${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) })
const signInStatus = async (base: string, email: string, password: string, headers: Record<string, string> = {}) =>
  (await post(base, "/sign-in", { email, password }, headers)).status

const expectThrottled = async (response: Response) => {
  expect(response.status).toBe(429)
  const retryAfter = Number(response.headers.get("retry-after"))
  expect(retryAfter).toBeGreaterThan(0)
  const body = (await response.json()) as { _tag: string; message: string; retryAfter: number }
  expect(body).toMatchObject({ _tag: "TooManyRequests", retryAfter })
  expect(body.message).toMatch(/^Demasiados intentos\. Espere \d+ (segundos|minutos)/)
}

describe("sign-in", () => {
  it("refuses the 11th wrong password for one account within a minute, and then the right one too", async () => {
    for (let attempt = 1; attempt <= 10; attempt++) expect(await signInStatus(server.url, demo.moderator, "no-es-la-clave")).toBe(401)
    await expectThrottled(await post(server.url, "/sign-in", { email: demo.moderator, password: "no-es-la-clave" }))
    // The email is compared without case: another spelling is the same account.
    await expectThrottled(await post(server.url, "/sign-in", { email: demo.moderator.toUpperCase(), password: demoPassword }))
    // Other accounts are not locked by it.
    expect(await signInStatus(server.url, demo.user, demoPassword)).toBe(200)
  })

  it("a right password clears the account's failures", async () => {
    for (let attempt = 1; attempt <= 9; attempt++) expect(await signInStatus(server.url, demo.none, "no-es-la-clave")).toBe(401)
    expect(await signInStatus(server.url, demo.none, demoPassword)).toBe(200)
    for (let attempt = 1; attempt <= 9; attempt++) expect(await signInStatus(server.url, demo.none, "no-es-la-clave")).toBe(401)
    expect(await signInStatus(server.url, demo.none, demoPassword)).toBe(200)
  })

  it("behind a declared proxy, counts each forwarded client address apart; unknown accounts count too", async () => {
    const from = (address: string) => ({ "x-forwarded-for": `203.0.113.9, ${address}` })
    // 30 wrong passwords from one address, each for an account of its own (none locks): the address locks.
    for (let n = 1; n <= 30; n++) expect(await signInStatus(behindProxy.url, `nadie${n}@palma.cl`, "clave-x", from("198.51.100.7"))).toBe(401)
    await expectThrottled(await post(behindProxy.url, "/sign-in", { email: demo.admin, password: demoPassword }, from("198.51.100.7")))
    // The first entry is the client's own claim, not the proxy's: another client is not locked.
    expect(await signInStatus(behindProxy.url, demo.admin, demoPassword, from("198.51.100.8"))).toBe(200)
  })

  it("without a declared proxy, X-Forwarded-For is ignored: the socket's address counts", async () => {
    // A server of its own (sign-up off, nothing else fails there): 30 failures from this socket, whatever the header says.
    const hops = ["192.0.2.1", "192.0.2.2", "192.0.2.3"]
    for (let n = 1; n <= 30; n++) {
      expect(await signInStatus(noSignUp.url, `alguien${n}@palma.cl`, "clave-x", { "x-forwarded-for": hops[n % hops.length]! })).toBe(401)
    }
    await expectThrottled(await post(noSignUp.url, "/sign-in", { email: demo.admin, password: demoPassword }, { "x-forwarded-for": "192.0.2.99" }))
  })
})

describe("sign-up", () => {
  it("limits attempts naming one email", async () => {
    const body = { email: "repetida@palma.cl", password: "una-clave-larga", fullName: "Repetida" }
    for (let attempt = 1; attempt <= 5; attempt++) expect((await post(server.url, "/sign-up", body)).status).toBe(202)
    await expectThrottled(await post(server.url, "/sign-up", body))
  })

  it("can be turned off (PALMA_SIGN_UP=0): 403 in Spanish, and the config says so", async () => {
    const response = await post(noSignUp.url, "/sign-up", { email: "nueva@palma.cl", password: "una-clave-larga", fullName: "Nueva" })
    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ _tag: "Forbidden", message: expect.stringMatching(/creación de cuentas está desactivada/) })
    expect(await (await fetch(`${noSignUp.url}/api/auth/config`)).json()).toEqual({ mode: "local", publishableKey: null, signUp: false })
    expect(await (await fetch(`${server.url}/api/auth/config`)).json()).toEqual({ mode: "local", publishableKey: null, signUp: true })
  })
})
