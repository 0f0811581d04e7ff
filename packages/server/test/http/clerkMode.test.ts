import { generateKeyPairSync, sign } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startServerProcess } from "../support/serverProcess.js"
import type { RunningServer } from "../support/startServer.js"

/**
 * Clerk mode without Clerk: tokens shaped like Clerk session tokens v2, signed
 * here with a key whose public half is given as CLERK_JWT_KEY, verified by the
 * real @clerk/backend inside the server. Nothing reaches the network.
 */
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 })
const frontendApi = "clerk.palma.example"
const publishableKey = `pk_test_${Buffer.from(`${frontendApi}$`).toString("base64")}`
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url")

let server: RunningServer
let azp: string

const clerkToken = (claims: Record<string, unknown> = {}, key = privateKey) => {
  const now = Math.floor(Date.now() / 1000)
  const header = b64({ alg: "RS256", typ: "JWT", kid: "ins_test" })
  const payload = b64({
    sub: "user_clerk1",
    sid: "sess_clerk1",
    iss: `https://${frontendApi}`,
    azp,
    iat: now,
    nbf: now - 5,
    exp: now + 60,
    v: 2,
    publicMeta: { roles: { operaciones: "admin" } },
    ...claims
  })
  return `${header}.${payload}.${sign("sha256", Buffer.from(`${header}.${payload}`), key).toString("base64url")}`
}

const get = (path: string, token?: string) => fetch(`${server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })

beforeAll(async () => {
  server = await startServerProcess({
    env: {
      CLERK_PUBLISHABLE_KEY: publishableKey,
      CLERK_JWT_KEY: publicKey.export({ type: "spki", format: "pem" }).toString()
    }
  })
  azp = `http://localhost:${new URL(server.url).port}`
})
afterAll(() => server?.stop())

describe("Clerk mode", () => {
  it("announces Clerk and its publishable key, and refuses local sign-in", async () => {
    expect(await (await get("/api/auth/config")).json()).toEqual({ mode: "clerk", publishableKey })
    const response = await fetch(`${server.url}/api/auth/local/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "admin@palma.cl", password: "palma-demo" })
    })
    expect(response.status).toBe(400)
  })

  it("accepts a Clerk session token and takes the role from its public metadata", async () => {
    const me = await get("/api/auth/me", clerkToken())
    expect(me.status).toBe(200)
    expect(await me.json()).toMatchObject({ userId: "user_clerk1", sessionId: "sess_clerk1", user: { publicMetadata: { roles: { operaciones: "admin" } } } })
    expect((await get("/api/family/list", clerkToken())).status).toBe(200)
    expect((await get("/api/family/list", clerkToken({ publicMeta: {} }))).status).toBe(403)
  })

  it("reads the active organization from the v2 `o` claim", async () => {
    const me = await (await get("/api/auth/me", clerkToken({ o: { id: "org_1", rol: "admin", slg: "palma" } }))).json()
    expect(me).toMatchObject({ orgId: "org_1", orgRole: "org:admin", orgSlug: "palma" })
  })

  it.each([
    ["another key", () => clerkToken({}, generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey)],
    ["another issuer", () => clerkToken({ iss: "https://clerk.otro.example" })],
    ["another authorized party", () => clerkToken({ azp: "https://evil.example" })],
    ["an expired token", () => clerkToken({ exp: Math.floor(Date.now() / 1000) - 120, iat: Math.floor(Date.now() / 1000) - 300 })]
  ])("refuses %s with 401", async (_, token) => {
    expect((await get("/api/family/list", token())).status).toBe(401)
  })
})
