import { generateKeyPairSync } from "node:crypto"
import { Either, Redacted } from "effect"
import { describe, expect, it } from "vitest"
import { authConfigFrom, type Env, frontendApiOf } from "../../src/auth/AuthConfig.js"

const ok = (env: Env) => Either.getOrThrowWith(authConfigFrom(env), (error) => new Error(error.message))
const error = (env: Env) =>
  Either.match(authConfigFrom(env), {
    onLeft: (e) => e.message,
    onRight: () => {
      throw new Error("expected an AuthConfigError")
    }
  })

const publishableKey = `pk_test_${Buffer.from("clerk.example.com$").toString("base64")}`
const pem = generateKeyPairSync("rsa", { modulusLength: 2048 }).publicKey.export({ type: "spki", format: "pem" }).toString()

describe("authConfigFrom", () => {
  it("defaults to local mode on localhost:3000, with short tokens and Clerk-like sessions", () => {
    expect(ok({})).toEqual({
      mode: "local",
      issuer: "http://localhost:3000/local-issuer",
      authorizedParty: "http://localhost:3000",
      authorizedParties: ["http://localhost:3000"],
      tokenTtlSeconds: 60,
      sessions: { absoluteSeconds: 7 * 24 * 3600, idleSeconds: 12 * 3600 },
      signUp: true,
      trustProxy: false
    })
  })

  it("reads session lifetimes, sign-up and the proxy setting, refusing nonsense", () => {
    expect(ok({ PALMA_SESSION_LIFETIME_SECONDS: "3600", PALMA_SESSION_IDLE_SECONDS: "600", PALMA_SIGN_UP: "0", PALMA_TRUST_PROXY: "1" })).toMatchObject({
      sessions: { absoluteSeconds: 3600, idleSeconds: 600 },
      signUp: false,
      trustProxy: true
    })
    expect(error({ PALMA_SESSION_IDLE_SECONDS: "-5" })).toMatch(/PALMA_SESSION_IDLE_SECONDS/)
    expect(error({ PALMA_SESSION_LIFETIME_SECONDS: "una semana" })).toMatch(/PALMA_SESSION_LIFETIME_SECONDS/)
    expect(error({ PALMA_SIGN_UP: "no" })).toMatch(/PALMA_SIGN_UP must be 1 or 0/)
    expect(error({ PALMA_TRUST_PROXY: "yes" })).toMatch(/PALMA_TRUST_PROXY/)
  })

  it("derives local defaults from PORT or PALMA_PUBLIC_URL, and takes overrides", () => {
    expect(ok({ PORT: "4000" })).toMatchObject({ authorizedParty: "http://localhost:4000", issuer: "http://localhost:4000/local-issuer" })
    expect(
      ok({
        PALMA_PUBLIC_URL: "https://palma.example.cl/",
        PALMA_LOCAL_ISSUER: "https://palma.example.cl/auth",
        PALMA_LOCAL_TOKEN_TTL_SECONDS: "120",
        CLERK_AUTHORIZED_PARTIES: "http://localhost:5173, https://palma.example.cl"
      })
    ).toEqual({
      mode: "local",
      issuer: "https://palma.example.cl/auth",
      authorizedParty: "https://palma.example.cl",
      authorizedParties: ["https://palma.example.cl", "http://localhost:5173"],
      tokenTtlSeconds: 120,
      sessions: { absoluteSeconds: 7 * 24 * 3600, idleSeconds: 12 * 3600 },
      signUp: true,
      trustProxy: false
    })
    expect(error({ PALMA_LOCAL_TOKEN_TTL_SECONDS: "0" })).toMatch(/PALMA_LOCAL_TOKEN_TTL_SECONDS/)
    expect(error({ CLERK_AUTHORIZED_PARTIES: "not a url" })).toMatch(/CLERK_AUTHORIZED_PARTIES/)
  })

  it("refuses local mode in production unless explicitly allowed", () => {
    expect(error({ NODE_ENV: "production" })).toMatch(/refused with NODE_ENV=production.*PALMA_ALLOW_LOCAL_AUTH=1/)
    expect(ok({ NODE_ENV: "production", PALMA_ALLOW_LOCAL_AUTH: "1" }).mode).toBe("local")
  })

  it("switches to Clerk when a Clerk key is set, and then requires the publishable key", () => {
    expect(error({ CLERK_SECRET_KEY: "sk_test_abc" })).toMatch(/CLERK_PUBLISHABLE_KEY is required/)
    expect(error({ CLERK_JWT_KEY: pem })).toMatch(/CLERK_PUBLISHABLE_KEY is required/)
    expect(error({ CLERK_JWT_KEY: pem, CLERK_PUBLISHABLE_KEY: "pk_test_bm90LWEtaG9zdA" })).toMatch(/not a Clerk publishable key/)
  })

  it("reads Clerk mode with the issuer derived from the publishable key", () => {
    const config = ok({ NODE_ENV: "production", CLERK_JWT_KEY: pem, CLERK_PUBLISHABLE_KEY: publishableKey, PALMA_PUBLIC_URL: "https://palma.example.cl" })
    expect(config).toEqual({
      mode: "clerk",
      publishableKey,
      secretKey: null,
      jwtKey: pem.trim(),
      issuer: "https://clerk.example.com",
      authorizedParties: ["https://palma.example.cl"]
    })
  })

  it("accepts a one-line PEM, an explicit issuer and a redacted secret key", () => {
    const config = ok({
      CLERK_SECRET_KEY: "sk_live_secret",
      CLERK_JWT_KEY: pem.replace(/\n/g, "\\n"),
      CLERK_PUBLISHABLE_KEY: publishableKey,
      CLERK_ISSUER: "https://clerk.palma.cl"
    })
    if (config.mode !== "clerk") throw new Error("expected clerk mode")
    expect(config.jwtKey).toBe(pem)
    expect(config.issuer).toBe("https://clerk.palma.cl")
    expect(config.secretKey && Redacted.value(config.secretKey)).toBe("sk_live_secret")
    expect(JSON.stringify(config)).not.toContain("sk_live_secret")
  })

  it("rejects unusable Clerk keys with a clear message", () => {
    expect(error({ CLERK_JWT_KEY: "abc", CLERK_PUBLISHABLE_KEY: publishableKey })).toMatch(/CLERK_JWT_KEY is not a PEM public key/)
    expect(error({ CLERK_SECRET_KEY: "pk_oops", CLERK_PUBLISHABLE_KEY: publishableKey })).toMatch(/CLERK_SECRET_KEY is not a Clerk secret key/)
  })

  it("treats blank variables as unset", () => {
    expect(ok({ CLERK_SECRET_KEY: "", CLERK_JWT_KEY: "  ", PORT: "" }).mode).toBe("local")
  })
})

describe("frontendApiOf", () => {
  it("decodes the Frontend API host from a publishable key", () => {
    expect(frontendApiOf(publishableKey)).toBe("clerk.example.com")
    expect(frontendApiOf(`pk_live_${Buffer.from("clerk.palma.cl$").toString("base64")}`)).toBe("clerk.palma.cl")
    expect(frontendApiOf("pk_test_")).toBeUndefined()
    expect(frontendApiOf(`pk_test_${Buffer.from("evil.com/path$").toString("base64")}`)).toBeUndefined()
  })
})
