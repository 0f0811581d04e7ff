import { Cause, Effect, Exit, Layer } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import { LocalIssuer, type LocalIssuerShape, make } from "../../src/auth/LocalIssuer.js"
import { SigningKey, type SigningKeyShape } from "../../src/auth/SigningKey.js"
import { TokenVerifier, type TokenVerifierShape } from "../../src/auth/TokenVerifier.js"

const config = {
  issuer: "http://localhost:3000/local-issuer",
  authorizedParty: "http://localhost:3000",
  authorizedParties: ["http://localhost:3000"],
  tokenTtlSeconds: 600
}

const decodePart = (token: string, index: number): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split(".")[index]!, "base64url").toString("utf8")) as Record<string, unknown>

let issuer: LocalIssuerShape
let verifier: TokenVerifierShape
let key: SigningKeyShape

beforeAll(async () => {
  const layer = TokenVerifier.layerLocal(config).pipe(Layer.provideMerge(LocalIssuer.layer(config)), Layer.provideMerge(SigningKey.layerMemory))
  ;({ issuer, verifier, key } = await Effect.runPromise(Effect.provide(Effect.all({ issuer: LocalIssuer, verifier: TokenVerifier, key: SigningKey }), layer)))
})

const admin = { userId: "user_1", sessionId: "sess_1", publicMeta: { roles: { operaciones: "admin" } } }

describe("LocalIssuer", () => {
  it("round-trips through @clerk/backend verifyToken", async () => {
    const issued = await Effect.runPromise(issuer.issue(admin))
    const claims = await Effect.runPromise(verifier.verify(issued.token))
    expect(claims).toEqual({
      userId: "user_1",
      sessionId: "sess_1",
      orgId: null,
      orgRole: null,
      orgSlug: null,
      orgPermissions: [],
      publicMeta: { roles: { operaciones: "admin" } },
      actor: null,
      expiresAt: issued.expiresAt
    })
  })

  it("writes Clerk v2 session token claims and nothing personal", async () => {
    const { token, expiresAt } = await Effect.runPromise(issuer.issue(admin))
    expect(decodePart(token, 0)).toEqual({ alg: "RS256", typ: "JWT", kid: key.kid })
    const payload = decodePart(token, 1)
    expect(Object.keys(payload).sort()).toEqual(["azp", "exp", "iat", "iss", "nbf", "publicMeta", "sid", "sub", "v"])
    const iat = payload.iat as number
    expect(payload).toMatchObject({ azp: config.authorizedParty, iss: config.issuer, sub: "user_1", sid: "sess_1", v: 2 })
    expect(payload.nbf).toBe(iat - 5)
    expect(payload.exp).toBe(iat + 600)
    expect(expiresAt).toBe((iat + 600) * 1000)
    expect(Math.abs(iat * 1000 - Date.now())).toBeLessThan(5000)
  })

  it("encodes the active organization so Clerk's own parser reads it back", async () => {
    const organization = {
      id: "org_1",
      slug: "palma",
      role: "org:admin",
      permissions: ["org:reports:read", "org:reports:manage", "org:cases:read", "org:sys_memberships:manage"]
    }
    const { token } = await Effect.runPromise(issuer.issue({ ...admin, organization }))
    expect(decodePart(token, 1)).toMatchObject({
      fea: "o:reports,o:cases,o:sys_memberships",
      o: { id: "org_1", rol: "admin", slg: "palma", per: "read,manage", fpm: "3,1,2" }
    })
    const claims = await Effect.runPromise(verifier.verify(token))
    expect(claims).toMatchObject({ orgId: "org_1", orgRole: "org:admin", orgSlug: "palma" })
    expect([...claims.orgPermissions].sort()).toEqual([...organization.permissions].sort())
  })

  it("omits o when the user has no active organization, and per/fpm when the role has no permissions", async () => {
    const none = await Effect.runPromise(issuer.issue({ ...admin, organization: null }))
    expect(decodePart(none.token, 1)).not.toHaveProperty("o")
    const bare = await Effect.runPromise(issuer.issue({ ...admin, organization: { id: "org_2", slug: null, role: "org:member", permissions: [] } }))
    expect(decodePart(bare.token, 1).o).toEqual({ id: "org_2", rol: "member" })
    expect(await Effect.runPromise(verifier.verify(bare.token))).toMatchObject({ orgId: "org_2", orgRole: "org:member", orgSlug: null, orgPermissions: [] })
  })

  it("treats a permission Clerk could not encode as a defect", async () => {
    const exit = await Effect.runPromiseExit(issuer.issue({ ...admin, organization: { id: "o", slug: null, role: "org:admin", permissions: ["manage"] } }))
    expect(Exit.isFailure(exit) && Cause.isDie(exit.cause)).toBe(true)
  })

  it("honours a configured lifetime", async () => {
    const { token } = await Effect.runPromise(make(key, { ...config, tokenTtlSeconds: 30 }).issue(admin))
    const payload = decodePart(token, 1)
    expect((payload.exp as number) - (payload.iat as number)).toBe(30)
  })
})
