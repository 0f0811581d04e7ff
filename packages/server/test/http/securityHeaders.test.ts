import { generateKeyPairSync } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { inlineScriptHashes } from "../../src/http/securityHeaders.js"
import { demoTokens } from "../support/api.js"
import { type RunningServer, startServer } from "../support/startServer.js"

let local: RunningServer
let https: RunningServer
let clerk: RunningServer
let adminToken: string

const frontendApi = "clerk.palma.example"
const clerkEnv = {
  CLERK_PUBLISHABLE_KEY: `pk_test_${Buffer.from(`${frontendApi}$`).toString("base64")}`,
  CLERK_JWT_KEY: generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" }).toString()
}

beforeAll(async () => {
  ;[local, https, clerk] = await Promise.all([
    startServer(),
    startServer({ env: { PALMA_PUBLIC_URL: "https://palma.example.cl" } }),
    startServer({ env: clerkEnv })
  ])
  adminToken = (await demoTokens(local.url)).admin
})
afterAll(() => Promise.all([local?.stop(), https?.stop(), clerk?.stop()]))

const directivesOf = (policy: string | null) =>
  new Map(
    (policy ?? "").split(";").map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/)
      return [name!, sources] as const
    })
  )

const get = (server: RunningServer, path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, init)

// Every kind of answer: the app's page, a client route, a read, an error of each family, the docs, a missing file.
const paths = ["/", "/entities/retail", "/api/family/list", "/api/nope", "/api/docs", "/api/openapi.json", "/assets/nothing.js"]

describe("security headers", () => {
  it.each(paths)("%s carries the policy, nosniff, a referrer policy, a permissions policy and no framing", async (path) => {
    const response = await get(local, path)
    expect(response.headers.get("x-content-type-options")).toBe("nosniff")
    expect(response.headers.get("x-frame-options")).toBe("DENY")
    expect(response.headers.get("referrer-policy")).toBe("same-origin")
    expect(response.headers.get("permissions-policy")).toContain("camera=()")
    const policy = directivesOf(response.headers.get("content-security-policy"))
    expect(policy.get("frame-ancestors")).toEqual(["'none'"])
    expect(policy.get("object-src")).toEqual(["'none'"])
    // No inline script anywhere: only our origin, and on the docs the hashes of its own scripts.
    const [origin, wasm, ...hashes] = policy.get("script-src") ?? []
    expect([origin, wasm]).toEqual(["'self'", "'wasm-unsafe-eval'"])
    expect(hashes.filter((source) => !/^'sha256-[A-Za-z0-9+/=]+'$/.test(source))).toEqual([])
    // A local http start is not pinned to https.
    expect(response.headers.get("strict-transport-security")).toBeNull()
  })

  it("also on signed-in answers and refusals", async () => {
    const ok = await get(local, "/api/family/list", { headers: { authorization: `Bearer ${adminToken}` } })
    expect(ok.status).toBe(200)
    expect(ok.headers.get("content-security-policy")).toContain("frame-ancestors 'none'")
    const refused = await get(local, "/api/family/create", {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "text/plain" },
      body: "x"
    })
    expect(refused.status).toBe(400)
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff")
  })

  it("allows exactly the docs page's inline scripts, by their hashes", async () => {
    const response = await get(local, "/api/docs")
    const html = await response.text()
    const hashes = inlineScriptHashes(html)
    expect(hashes.length).toBeGreaterThan(0)
    expect(directivesOf(response.headers.get("content-security-policy")).get("script-src")).toEqual(["'self'", "'wasm-unsafe-eval'", ...hashes])
    // The app's own page has none.
    expect(directivesOf((await get(local, "/")).headers.get("content-security-policy")).get("script-src")).toEqual(["'self'", "'wasm-unsafe-eval'"])
  })

  it("pins browsers to https (HSTS) where the public URL is https", async () => {
    for (const path of ["/", "/api/family/list"]) {
      expect((await get(https, path)).headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains")
    }
  })

  it("admits in Clerk mode only Clerk's own hosts", async () => {
    const policy = directivesOf((await get(clerk, "/")).headers.get("content-security-policy"))
    expect(policy.get("script-src")).toEqual(["'self'", "'wasm-unsafe-eval'", `https://${frontendApi}`, "https://challenges.cloudflare.com"])
    expect(policy.get("connect-src")).toEqual(["'self'", `https://${frontendApi}`])
    expect(policy.get("img-src")).toContain("https://img.clerk.com")
    expect(policy.get("frame-src")).toEqual(["https://challenges.cloudflare.com"])
    expect(policy.get("frame-ancestors")).toEqual(["'none'"])
    // Local mode admits none of them.
    const localPolicy = (await get(local, "/")).headers.get("content-security-policy")
    expect(localPolicy).not.toContain("clerk")
    expect(localPolicy).not.toContain("cloudflare")
  })
})
