import { HttpApi, HttpApiEndpoint, HttpApiGroup, HttpApiMiddleware, HttpApiSecurity, HttpMethod } from "@effect/platform"
import { Admin, allows, restorableNames, type Role, Staff, Unauthorized } from "@palma/core"
import { Schema } from "effect"
import { createPrivateKey, createPublicKey, type KeyObject } from "node:crypto"
import { existsSync, readFileSync } from "node:fs"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { keyPath } from "../../src/auth/SigningKey.js"
import { freshRsaKey, nowSeconds, signHs256, signRs256, unsigned } from "../auth/tokens.js"
import { demo, type DemoRole, demoTokens, signIn } from "../support/api.js"
import { type RunningServer, startServer } from "../support/startServer.js"
import { type Endpoint, endpoints, endpointsOf } from "./contract.js"
import { looksSpanish, type RawResponse, send, sleep } from "./http.js"

/**
 * DESIGN §3 and §8: every endpoint of the contract × every kind of caller, over real HTTP against
 * the real server process. The endpoints come from `HttpApi.reflect(PalmaApi)` (see contract.ts),
 * so a new endpoint is in the matrix the day it is added.
 *
 * Requests are harmless by construction: path ids are a valid UUID that names nothing (404 at
 * worst), bodies are `{}` (every payload has required fields, so 400 before any write), and the
 * only payload-less writes are sign-out and refresh. Refresh is public but answers only a
 * session's refresh credential (never an access token): every caller here gets 401.
 */

let server: RunningServer
/**
 * A second instance with its own data dir (so its own signing key), `azp`/`iss` of
 * http://other.example and 1-second tokens: the source of a foreign and of an expired token.
 */
let other: RunningServer
let tokens: Record<DemoRole, string>

beforeAll(async () => {
  ;[server, other] = await Promise.all([startServer(), startServer({ env: { PALMA_PUBLIC_URL: "http://other.example", PALMA_LOCAL_TOKEN_TTL_SECONDS: "1" } })])
  tokens = await demoTokens(server.url)
})
afterAll(async () => {
  await Promise.all([server?.stop(), other?.stop()])
})

interface Caller {
  readonly name: string
  /** Which demo user's token it sends; null: no token at all. */
  readonly demo: DemoRole | null
  readonly role: Role | null
}

const callers: ReadonlyArray<Caller> = [
  { name: "sin token", demo: null, role: null },
  { name: "invitado (sin rol)", demo: "none", role: null },
  { name: "operador (user)", demo: "user", role: "user" },
  { name: "moderador", demo: "moderator", role: "moderator" },
  { name: "admin", demo: "admin", role: "admin" }
]

type Verdict = "public" | "401" | "403" | "allowed"

/** Public endpoints that take a credential of their own instead of the access token. */
const ownCredential = new Set(["auth.refresh", "case.file"])

const verdictOf = (endpoint: Endpoint, caller: Caller): Verdict => {
  const { access } = endpoint
  if (ownCredential.has(endpoint.id)) return "401"
  if (access === null) return "public"
  if (caller.demo === null) return "401"
  return allows(caller.role, access) ? "allowed" : "403"
}

const expectRefusal = (response: RawResponse, status: 401 | 403) => {
  expect(response.status, response.text).toBe(status)
  expect(response.json).toMatchObject({ _tag: status === 401 ? "Unauthorized" : "Forbidden" })
  const message = (response.json as { message?: unknown }).message
  expect(looksSpanish(message), `mensaje no está en español: ${String(message)}`).toBe(true)
}

/** Endpoints that end the caller's sessions (local mode): the suite signs the caller in again after them. */
const endsSessions = new Set(["auth.signOut", "auth.closeAllSessions"])

const request = (endpoint: Endpoint, token: string | null): Promise<RawResponse> =>
  send(server.url, endpoint.method, endpoint.url, {
    token,
    // `{}` fails every payload schema (all have required fields), so nothing is written.
    ...(HttpMethod.hasBody(endpoint.method) ? { body: "{}" } : {})
  })

/** Observed statuses, printed at the end so a reviewer sees the whole matrix at a glance. */
const observed = new Map<string, Map<string, number>>()

describe("the contract, as the matrix sees it", () => {
  it(`has every endpoint classified (${endpoints.length} endpoints × ${callers.length} callers = ${endpoints.length * callers.length} cases)`, () => {
    console.info(`Matriz de autorización: ${endpoints.length} endpoints × ${callers.length} llamadores = ${endpoints.length * callers.length} casos`)
    // The contract has 145 endpoints today; far fewer means reflect lost some, not that they went away.
    expect(endpoints.length).toBeGreaterThanOrEqual(140)
    expect(new Set(endpoints.map((e) => e.id)).size).toBe(endpoints.length)
    expect(endpoints.flatMap((e) => e.problems)).toEqual([])
  })

  it("the classifier itself fails loudly on an unknown access middleware, on two of them, and on a path it cannot fill", () => {
    // A contract that is wrong on purpose, to prove the guard above is not vacuous.
    class Rogue extends HttpApiMiddleware.Tag<Rogue>()("test/Rogue", { failure: Unauthorized, security: { bearer: HttpApiSecurity.bearer } }) {}
    const bad = HttpApi.make("bad").add(
      HttpApiGroup.make("g")
        .add(HttpApiEndpoint.get("rogue", "/rogue").middleware(Rogue))
        .add(HttpApiEndpoint.get("twice", "/twice").middleware(Staff).middleware(Admin))
        .add(
          HttpApiEndpoint.get("byCode", "/byCode/:code")
            .setPath(Schema.Struct({ code: Schema.Literal("A", "B") }))
            .middleware(Staff)
        )
        .add(
          HttpApiEndpoint.get("fine", "/fine/:id")
            .setPath(Schema.Struct({ id: Schema.UUID }))
            .middleware(Staff)
        )
    )
    const byId = new Map(endpointsOf(bad).map((e) => [e.id, e]))
    expect(byId.get("g.rogue")?.problems.join()).toMatch(/test\/Rogue no está en accessOf/)
    expect(byId.get("g.twice")?.problems.join()).toMatch(/más de un middleware de acceso/)
    expect(byId.get("g.byCode")?.problems.join()).toMatch(/pathSamples/)
    expect(byId.get("g.fine")).toMatchObject({ access: "staff", problems: [] })
  })

  it("gives the people calls the roles of DESIGN §3: staff read and work a case's people; only admins write contractors", () => {
    const accessOfIds = (ids: ReadonlyArray<string>) => Object.fromEntries(ids.map((id) => [id, endpoints.find((e) => e.id === id)?.access]))
    const staff = [
      "contractor.getAll",
      "contractor.getById",
      "contractor.getByRut",
      "contractor.getSubscriptionById",
      "contractor.getCustomerById",
      "customer.getByRutOrName",
      "insured.getByRutOrName",
      "insured.upsert",
      "insured.getById",
      "insured.update",
      "beneficiary.upsert",
      "beneficiary.getById",
      "beneficiary.update",
      "lead.removeBeneficiary",
      "user.getByIds",
      "retail.getCustomersByRetailIdAndProductId"
    ]
    expect(accessOfIds(staff)).toEqual(Object.fromEntries(staff.map((id) => [id, "staff"])))
    const admin = ["contractor.create", "contractor.update", "specialist.update", "partner.update", "product.updatePlan"]
    expect(accessOfIds(admin)).toEqual(Object.fromEntries(admin.map((id) => [id, "admin"])))
  })

  it("keeps deleted records and their restore to admins, for every master and catalog group", () => {
    // Issue 10 §5: listing what was deleted and bringing it back are admin decisions.
    const undo = endpoints.filter((e) => /\.(deleted|restore)$/.test(e.id))
    expect(undo.map((e) => e.id.split(".")[0]).sort()).toEqual([...restorableNames, ...restorableNames].sort())
    expect(undo.filter((e) => e.access !== "admin")).toEqual([])
  })

  it("keeps the public surface to the sign-in machinery and signed file links", () => {
    // A new public endpoint must be a decision: update this list when it is one. `case.file` opens
    // a case document through a 5-minute signed link (the link is the credential, as the original's presigned URLs).
    expect(
      endpoints
        .filter((e) => e.access === null)
        .map((e) => e.id)
        .sort()
    ).toEqual(["auth.config", "auth.refresh", "auth.signIn", "auth.signOut", "auth.signUp", "case.file"])
  })
})

describe.each(endpoints)("$label", (endpoint) => {
  it.each(callers)("$name", async (caller) => {
    expect(endpoint.problems, "endpoint sin clasificar").toEqual([])
    const response = await request(endpoint, caller.demo === null ? null : tokens[caller.demo])
    if (caller.demo !== null && endsSessions.has(endpoint.id)) tokens[caller.demo] = await signIn(server.url, demo[caller.demo])
    const row = observed.get(endpoint.label) ?? new Map<string, number>()
    row.set(caller.name, response.status)
    observed.set(endpoint.label, row)

    // Whatever the verdict, a request of this shape is never a server error.
    expect(response.status, response.text).toBeLessThan(500)
    const verdict = verdictOf(endpoint, caller)
    switch (verdict) {
      case "public":
      case "allowed":
        expect([401, 403], `${verdict}: ${response.text}`).not.toContain(response.status)
        break
      case "401":
        expectRefusal(response, 401)
        break
      case "403":
        expectRefusal(response, 403)
        break
    }
  })
})

afterAll(() => {
  if (observed.size === 0) return
  const width = Math.max(...[...observed.keys()].map((k) => k.length))
  const lines = [`${"".padEnd(width)}  ${callers.map((c) => c.name.padStart(20)).join("")}`]
  for (const [label, row] of observed) lines.push(`${label.padEnd(width)}  ${callers.map((c) => String(row.get(c.name) ?? "-").padStart(20)).join("")}`)
  console.info(`Estados observados (${observed.size} endpoints):\n${lines.join("\n")}`)
})

/* ------------------------------------------------------------------------------------------ */

const STAFF_ENDPOINT = "/api/family/list"
const decodePart = (part: string | undefined): Record<string, unknown> =>
  JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8")) as Record<string, unknown>
const encodePart = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url")
const list = (headers: Record<string, string>, baseUrl = server.url) => send(baseUrl, "GET", STAFF_ENDPOINT, { headers })
const bearer = (token: string, baseUrl = server.url) => list({ authorization: `Bearer ${token}` }, baseUrl)

describe(`token attacks on GET ${STAFF_ENDPOINT} (staff)`, () => {
  it("control: the admin's real token passes, as a bearer and as the __session cookie alone", async () => {
    expect((await bearer(tokens.admin)).status).toBe(200)
    const cookie = await list({ cookie: `__session=${tokens.admin}` })
    expect(cookie.status, cookie.text).toBe(200)
  })

  const garbage: ReadonlyArray<readonly [string, string]> = [
    ["Bearer vacío", "Bearer "],
    ["una palabra", "Bearer garbage"],
    ["null", "Bearer null"],
    ["tres puntos", "Bearer ..."],
    ["a.b.c", "Bearer a.b.c"],
    ["solo un encabezado JWT", "Bearer eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9"],
    ["JSON en vez de JWT", 'Bearer {"sub":"user_x"}'],
    ["15 kB de basura", `Bearer ${"a".repeat(15_000)}`],
    ["Bearer dos veces", "Bearer Bearer x.y.z"],
    ["sin el esquema Bearer", "x.y.z"]
  ]
  it.each(garbage)("garbage (%s) → 401", async (_, authorization) => {
    expectRefusal(await list({ authorization }), 401)
  })

  it("a 20 kB bearer is refused before the app by Node's 16 kB header limit (431), or by the app (401)", async () => {
    const response = await list({ authorization: `Bearer ${"a".repeat(20_000)}` })
    expect([401, 431]).toContain(response.status)
  })

  it("the real token with a byte changed in the signature, or truncated, or with a suffix → 401", async () => {
    const [h, p, s] = tokens.admin.split(".") as [string, string, string]
    const flipped = `${s.slice(0, 10)}${s[10] === "A" ? "B" : "A"}${s.slice(11)}`
    for (const token of [`${h}.${p}.${flipped}`, `${h}.${p}.${s.slice(0, -8)}`, `${h}.${p}.`, `${h}.${p}`, `${tokens.admin}x`, `${tokens.admin}.x`]) {
      expectRefusal(await bearer(token), 401)
    }
  })

  it("an invitado's token with its role claim rewritten to admin (signature kept) → 401, not 200", async () => {
    expectRefusal(await bearer(tokens.none), 403)
    const [h, p, s] = tokens.none.split(".") as [string, string, string]
    const promoted = { ...decodePart(p), publicMeta: { roles: { operaciones: "admin" } } }
    expectRefusal(await bearer(`${h}.${encodePart(promoted)}.${s}`), 401)
  })

  it("Authorization: Basic with the admin's real e-mail and password → 401", async () => {
    const basic = Buffer.from(`${demo.admin}:palma-demo`).toString("base64")
    expectRefusal(await list({ authorization: `Basic ${basic}` }), 401)
  })

  it("the token in the query string, or in a cookie of another name → 401", async () => {
    expectRefusal(await send(server.url, "GET", `${STAFF_ENDPOINT}?token=${tokens.admin}`), 401)
    expectRefusal(await send(server.url, "GET", `${STAFF_ENDPOINT}?__session=${tokens.admin}`), 401)
    expectRefusal(await list({ cookie: `session=${tokens.admin}` }), 401)
  })

  it("the `id` header identifies, it never authorizes", async () => {
    for (const id of ["palma-web", "palma-cli", "admin"]) expectRefusal(await list({ id }), 401)
  })

  it("a garbage bearer is not rescued by a valid __session cookie (the header wins) → 401", async () => {
    expectRefusal(await list({ authorization: "Bearer garbage", cookie: `__session=${tokens.admin}` }), 401)
  })

  it("a garbage __session cookie alone → 401", async () => {
    expectRefusal(await list({ cookie: "__session=garbage" }), 401)
  })

  it("a token of another Palma instance (other signing key, azp and iss http://other.example), still valid there → 401", async () => {
    const foreign = await signIn(other.url, demo.admin)
    expect(decodePart(foreign.split(".")[1])).toMatchObject({ azp: "http://other.example", iss: "http://other.example/local-issuer" })
    // Control: the token is good where it was issued, so the refusal below is about the instance.
    expect((await bearer(foreign, other.url)).status).toBe(200)
    expectRefusal(await bearer(foreign), 401)
  })

  it("an expired token, on the instance that issued it (1 s tokens) → 401 saying the session expired", async () => {
    const token = await signIn(other.url, demo.admin)
    expect((await bearer(token, other.url)).status).toBe(200)
    // @clerk/backend tolerates 5 s of clock skew past `exp`, so wait past exp + 5 s, not just the TTL.
    const exp = decodePart(token.split(".")[1]).exp as number
    await sleep(Math.max(0, (exp + 5) * 1000 + 750 - Date.now()))
    const response = await bearer(token, other.url)
    expectRefusal(response, 401)
    expect((response.json as { message: string }).message).toMatch(/expir/i)
  })
})

/**
 * Forgeries signed with the server's own key. The key lives in the (temporary) data dir when the
 * server runs on PGlite; with DATABASE_URL it is kept in memory and these cases cannot be built.
 */
const keyFileOf = () => (server && existsSync(keyPath(server.dataDir)) ? keyPath(server.dataDir) : null)

describe.skipIf(Boolean(process.env.DATABASE_URL))("forged tokens (need the signing key in the data dir: PGlite only)", () => {
  let privateKey: KeyObject
  let publicKeyPem: string
  let header: Record<string, unknown>
  let claims: Record<string, unknown>

  beforeAll(() => {
    const file = keyFileOf()
    if (file === null) throw new Error("No encuentro la clave de firma en el data dir del servidor")
    privateKey = createPrivateKey(readFileSync(file, "utf8"))
    publicKeyPem = createPublicKey(privateKey).export({ type: "spki", format: "pem" }).toString()
    const [h, p] = tokens.admin.split(".")
    header = decodePart(h)
    claims = decodePart(p)
  })

  const forge = (overrides: Record<string, unknown>, drop: ReadonlyArray<string> = []) => {
    const payload: Record<string, unknown> = { ...claims, ...overrides }
    for (const key of drop) delete payload[key]
    return signRs256(header, payload, privateKey)
  }

  it("control: the admin's claims re-signed with the server key pass (so the refusals below are about the change)", async () => {
    expect((await bearer(forge({}))).status).toBe(200)
  })

  it("expired (exp 60 s ago) → 401 saying the session expired", async () => {
    const now = nowSeconds()
    const response = await bearer(forge({ iat: now - 120, nbf: now - 125, exp: now - 60 }))
    expectRefusal(response, 401)
    expect((response.json as { message: string }).message).toMatch(/expir/i)
  })

  // Overrides are computed when the test runs: times relative to collection would drift.
  const changed: ReadonlyArray<readonly [string, () => Record<string, unknown>, ReadonlyArray<string>]> = [
    ["only azp is another origin", () => ({ azp: "http://evil.example" }), []],
    ["only iss is another issuer", () => ({ iss: "http://evil.example/local-issuer" }), []],
    ["not valid yet (nbf in 60 s)", () => ({ nbf: nowSeconds() + 60 }), []],
    ["issued in the future (iat in 60 s)", () => ({ iat: nowSeconds() + 60 }), []],
    ["no sid (not a session token)", () => ({}), ["sid"]],
    ["no sub", () => ({}), ["sub"]],
    ["version 1 (v: 1)", () => ({ v: 1 }), []],
    ["exp as a string", () => ({ exp: String(nowSeconds() + 600) }), []]
  ]
  it.each(changed)("%s → 401", async (_, overrides, drop) => {
    expectRefusal(await bearer(forge(overrides(), drop)), 401)
  })

  it("alg none (unsigned) with the admin's claims → 401", async () => {
    expectRefusal(await bearer(unsigned({ ...header, alg: "none" }, claims)), 401)
  })

  it("HS256 whose HMAC secret is the server's public key (algorithm confusion) → 401", async () => {
    expectRefusal(await bearer(signHs256({ ...header, alg: "HS256" }, claims, publicKeyPem)), 401)
  })

  it("another RSA key, same claims and same kid → 401", async () => {
    expectRefusal(await bearer(signRs256(header, claims, freshRsaKey().privateKey)), 401)
  })
})
