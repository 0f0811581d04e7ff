import { signJwt } from "@clerk/backend/jwt"
import { Effect, Either, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { authConfigFrom } from "../../src/auth/AuthConfig.js"
import { LocalIssuer, type LocalIssuerShape } from "../../src/auth/LocalIssuer.js"
import { SigningKey, type SigningKeyShape } from "../../src/auth/SigningKey.js"
import { type InvalidTokenReason, TokenVerifier, type TokenVerifierShape } from "../../src/auth/TokenVerifier.js"
import { freshRsaKey, nowSeconds, sessionPayload, signHs256, signRs256, unsigned } from "./tokens.js"

const ISS = "http://localhost:3000/local-issuer"
const AZP = "http://localhost:3000"
const config = { issuer: ISS, authorizedParty: AZP, authorizedParties: [AZP], tokenTtlSeconds: 600 }

let key: SigningKeyShape
let issuer: LocalIssuerShape
let verifier: TokenVerifierShape
// Every verification here must be networkless: any fetch fails the test.
const fetchSpy = vi.fn(() => Promise.reject(new Error("network access attempted")))

beforeAll(async () => {
  vi.stubGlobal("fetch", fetchSpy)
  const layer = TokenVerifier.layerLocal(config).pipe(Layer.provideMerge(LocalIssuer.layer(config)), Layer.provideMerge(SigningKey.layerMemory))
  ;({ key, issuer, verifier } = await Effect.runPromise(Effect.provide(Effect.all({ key: SigningKey, issuer: LocalIssuer, verifier: TokenVerifier }), layer)))
})

afterAll(() => {
  expect(fetchSpy).not.toHaveBeenCalled()
  vi.unstubAllGlobals()
})

const header = () => ({ alg: "RS256", typ: "JWT", kid: key.kid })
const valid = (overrides: Record<string, unknown> = {}) => signRs256(header(), sessionPayload(ISS, AZP, overrides), key.privateKey)

const reasonFor = (token: string, by: TokenVerifierShape = verifier): Promise<InvalidTokenReason> =>
  Effect.runPromise(Effect.map(Effect.flip(by.verify(token)), (error) => error.reason))

describe("TokenVerifier (local mode)", () => {
  it("accepts a well-formed token signed with the local key", async () => {
    expect(await Effect.runPromise(verifier.verify(valid()))).toMatchObject({ userId: "user_test", sessionId: "sess_test" })
  })

  it("rejects an expired token", async () => {
    expect(await reasonFor(valid({ iat: nowSeconds() - 700, nbf: nowSeconds() - 705, exp: nowSeconds() - 60 }))).toBe("expired")
  })

  it("rejects a token whose nbf is in the future", async () => {
    expect(await reasonFor(valid({ nbf: nowSeconds() + 120 }))).toBe("not-yet-valid")
  })

  it("rejects a token issued in the future", async () => {
    expect(await reasonFor(valid({ iat: nowSeconds() + 120 }))).toBe("not-yet-valid")
  })

  it("rejects a token forged with another key, even with the right kid", async () => {
    expect(await reasonFor(signRs256(header(), sessionPayload(ISS, AZP), freshRsaKey().privateKey))).toBe("invalid-signature")
  })

  it("rejects a token whose payload was edited after signing", async () => {
    const [h, , s] = valid().split(".")
    const promoted = Buffer.from(JSON.stringify(sessionPayload(ISS, AZP, { publicMeta: { roles: { operaciones: "admin" } } }))).toString("base64url")
    expect(await reasonFor(`${h}.${promoted}.${s}`)).toBe("invalid-signature")
  })

  it("rejects HS256 signed with the public key as HMAC secret (algorithm confusion)", async () => {
    const token = signHs256({ alg: "HS256", typ: "JWT", kid: key.kid }, sessionPayload(ISS, AZP), key.publicKeyPem)
    expect(await reasonFor(token)).toBe("invalid-algorithm")
  })

  it("rejects alg none", async () => {
    expect(await reasonFor(unsigned({ alg: "none", typ: "JWT" }, sessionPayload(ISS, AZP)))).toBe("invalid-algorithm")
  })

  it("rejects a wrong or missing authorized party", async () => {
    expect(await reasonFor(valid({ azp: "https://evil.example.com" }))).toBe("invalid-authorized-party")
    expect(await reasonFor(valid({ azp: undefined }))).toBe("invalid-authorized-party")
  })

  it("rejects a wrong or missing issuer", async () => {
    expect(await reasonFor(valid({ iss: "https://clerk.example.com" }))).toBe("invalid-issuer")
    expect(await reasonFor(valid({ iss: undefined }))).toBe("invalid-issuer")
  })

  it("rejects tokens without a session id, or not v2", async () => {
    expect(await reasonFor(valid({ sid: undefined }))).toBe("invalid-claims")
    expect(await reasonFor(valid({ v: undefined }))).toBe("invalid-claims")
    expect(await reasonFor(valid({ fea: "reports", o: { id: "org_1", rol: "admin", per: "read", fpm: "1" } }))).toBe("invalid-claims")
  })

  it("rejects garbage", async () => {
    expect(await reasonFor("")).toBe("missing")
    for (const garbage of ["abc", "a.b", "a.b.c", "...", "Bearer x.y.z", "ey.ey.ey", "%%%.%%%.%%%", "a".repeat(20_000)]) {
      expect(await reasonFor(garbage)).toBe("malformed")
    }
    const tokenWithWrongTyp = signRs256({ ...header(), typ: "at+jwt" }, sessionPayload(ISS, AZP), key.privateKey)
    expect(await reasonFor(tokenWithWrongTyp)).toBe("malformed")
  })

  it("never echoes the token in its error", async () => {
    const token = valid({ azp: "https://evil.example.com" })
    const error = await Effect.runPromise(Effect.flip(verifier.verify(token)))
    expect(JSON.stringify(error)).not.toContain(token.split(".")[2])
    expect(error.message).not.toContain(token.split(".")[1])
  })

  it("normalizes publicMeta and reads the act claim", async () => {
    const claims = await Effect.runPromise(verifier.verify(valid({ publicMeta: "nope", act: { sub: "user_admin" } })))
    expect(claims.publicMeta).toEqual({})
    expect(claims.actor).toEqual({ sub: "user_admin" })
  })

  it("accepts what the issuer itself produced", async () => {
    const { token } = await Effect.runPromise(issuer.issue({ userId: "u", sessionId: "s", publicMeta: {} }))
    expect((await Effect.runPromise(verifier.verify(token))).userId).toBe("u")
  })
})

describe("TokenVerifier (Clerk mode, networkless)", () => {
  const clerkKey = freshRsaKey()
  const clerkIss = "https://clerk.example.com"
  const publishableKey = `pk_test_${Buffer.from("clerk.example.com$").toString("base64")}`
  const clerkVerifier = () => {
    const env = { CLERK_JWT_KEY: clerkKey.publicKeyPem, CLERK_PUBLISHABLE_KEY: publishableKey, CLERK_AUTHORIZED_PARTIES: AZP }
    const config = Either.getOrThrow(authConfigFrom(env))
    if (config.mode !== "clerk") throw new Error("expected clerk mode")
    return Effect.runPromise(Effect.provide(TokenVerifier, TokenVerifier.layerClerk(config)))
  }
  const clerkPem = clerkKey.privateKey.export({ type: "pkcs8", format: "pem" }).toString()

  it("verifies a Clerk-shaped v2 session token, signed by @clerk/backend's own signJwt, with the PEM jwtKey", async () => {
    const payload = sessionPayload(clerkIss, AZP, {
      fea: "o:reports",
      o: { id: "org_9", rol: "admin", slg: "acme", per: "read", fpm: "1" },
      publicMeta: { roles: { operaciones: "moderator" } }
    })
    const token = await signJwt(payload, clerkPem, { algorithm: "RS256", header: { typ: "JWT", kid: "ins_clerk" } })
    expect(await Effect.runPromise((await clerkVerifier()).verify(token))).toMatchObject({
      userId: "user_test",
      sessionId: "sess_test",
      orgId: "org_9",
      orgRole: "org:admin",
      orgSlug: "acme",
      orgPermissions: ["org:reports:read"],
      publicMeta: { roles: { operaciones: "moderator" } }
    })
  })

  it("accepts Clerk v1 tokens with org_* claims", async () => {
    const payload = sessionPayload(clerkIss, AZP, { v: undefined, org_id: "org_1", org_role: "org:member", org_slug: "a", org_permissions: ["org:x:y"] })
    const claims = await Effect.runPromise((await clerkVerifier()).verify(signRs256({ alg: "RS256", typ: "JWT", kid: "k" }, payload, clerkKey.privateKey)))
    expect(claims).toMatchObject({ orgId: "org_1", orgRole: "org:member", orgSlug: "a", orgPermissions: ["org:x:y"] })
  })

  it("pins the issuer derived from the publishable key", async () => {
    const token = signRs256({ alg: "RS256", typ: "JWT", kid: "k" }, sessionPayload("https://other.clerk.accounts.dev", AZP), clerkKey.privateKey)
    expect(await reasonFor(token, await clerkVerifier())).toBe("invalid-issuer")
  })

  it("rejects local tokens", async () => {
    const { token } = await Effect.runPromise(issuer.issue({ userId: "u", sessionId: "s", publicMeta: {} }))
    expect(await reasonFor(token, await clerkVerifier())).toBe("invalid-signature")
  })
})
