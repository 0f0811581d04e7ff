import { createPublicKey } from "node:crypto"
import { Context, Data, Effect, Either, Layer, Redacted } from "effect"

/**
 * Which authentication the server runs, read once from the environment:
 *
 * - `clerk` when `CLERK_SECRET_KEY` or `CLERK_JWT_KEY` is set (then `CLERK_PUBLISHABLE_KEY` is
 *   required). With `CLERK_JWT_KEY`, verification is networkless; with only the secret key,
 *   `@clerk/backend` fetches Clerk's JWKS over the network (fine in production; tests use keys only).
 * - `local` otherwise: the embedded issuer. Refused under `NODE_ENV=production` unless
 *   `PALMA_ALLOW_LOCAL_AUTH=1`.
 *
 * Other variables: `CLERK_ISSUER` (defaults to the publishable key's Frontend API),
 * `CLERK_AUTHORIZED_PARTIES` (comma separated origins; defaults to the public URL),
 * `PALMA_PUBLIC_URL` (defaults to `http://localhost:${PORT || 3000}`), `PALMA_LOCAL_ISSUER`
 * (defaults to `<public URL>/local-issuer`), `PALMA_LOCAL_TOKEN_TTL_SECONDS` (access tokens; defaults to
 * 60), `PALMA_SESSION_LIFETIME_SECONDS` (a session's absolute lifetime; 7 days, as Clerk's default),
 * `PALMA_SESSION_IDLE_SECONDS` (ends a session not refreshed for that long; 12 hours),
 * `PALMA_SIGN_UP` (`0` turns self sign-up off) and `PALMA_TRUST_PROXY` (`1`: the client address
 * for throttling is the last hop of X-Forwarded-For, set by the proxy in front).
 */
export interface LocalAuthConfig {
  readonly mode: "local"
  readonly issuer: string
  /** The `azp` local tokens carry: the public URL's origin. Always among `authorizedParties`. */
  readonly authorizedParty: string
  readonly authorizedParties: ReadonlyArray<string>
  readonly tokenTtlSeconds: number
  readonly sessions: { readonly absoluteSeconds: number; readonly idleSeconds: number }
  readonly signUp: boolean
  readonly trustProxy: boolean
}

export interface ClerkAuthConfig {
  readonly mode: "clerk"
  readonly publishableKey: string
  readonly secretKey: Redacted.Redacted<string> | null
  /** SPKI PEM public key; when present, verification never touches the network. */
  readonly jwtKey: string | null
  readonly issuer: string
  readonly authorizedParties: ReadonlyArray<string>
}

export type AuthConfigShape = LocalAuthConfig | ClerkAuthConfig

export class AuthConfigError extends Data.TaggedError("AuthConfigError")<{ readonly message: string }> {}

export type Env = Readonly<Record<string, string | undefined>>

/** Short-lived access tokens: a sign-out, a disable or a role change reaches every process within this. */
const DEFAULT_TOKEN_TTL_SECONDS = 60
const DEFAULT_SESSION_SECONDS = 7 * 24 * 3600
const DEFAULT_IDLE_SECONDS = 12 * 3600

/** A variable's value, with blank treated as unset (`KEY=` lines in env files). */
const read = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim()
  return value ? value : undefined
}

const fail = (message: string) => Either.left(new AuthConfigError({ message }))

/** `azp` is compared verbatim, so origins are normalized ("https://x.cl/" → "https://x.cl"). */
const originOf = (value: string, name: string): Either.Either<string, AuthConfigError> => {
  try {
    const url = new URL(value)
    return url.origin === "null" ? fail(`${name}: "${value}" has no origin`) : Either.right(url.origin)
  } catch {
    return fail(`${name}: "${value}" is not a URL`)
  }
}

/**
 * The Frontend API host a publishable key encodes: `pk_test_`/`pk_live_` + base64("<host>$").
 * Clerk's session tokens are issued by `https://<host>`.
 */
export const frontendApiOf = (publishableKey: string): string | undefined => {
  const match = /^pk_(?:test|live)_([A-Za-z0-9+/=_-]+)$/.exec(publishableKey)
  if (!match) return undefined
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8")
  return /^[a-z0-9.-]+\$$/i.test(decoded) ? decoded.slice(0, -1) : undefined
}

/** Env files often carry PEMs on one line with literal `\n`. */
const pemFrom = (value: string): string => value.replace(/\\n/g, "\n")

const publicUrlOf = (env: Env) => originOf(read(env, "PALMA_PUBLIC_URL") ?? `http://localhost:${read(env, "PORT") ?? "3000"}`, "PALMA_PUBLIC_URL")

const authorizedPartiesOf = (env: Env, publicOrigin: string): Either.Either<ReadonlyArray<string>, AuthConfigError> => {
  const listed = read(env, "CLERK_AUTHORIZED_PARTIES")
  if (listed === undefined) return Either.right([publicOrigin])
  const parts = listed
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
  return Either.map(Either.all(parts.map((part) => originOf(part, "CLERK_AUTHORIZED_PARTIES"))), (origins) => [...new Set(origins)])
}

const clerkConfig = (env: Env, authorizedParties: ReadonlyArray<string>): Either.Either<ClerkAuthConfig, AuthConfigError> => {
  const secretKey = read(env, "CLERK_SECRET_KEY")
  const jwtKey = read(env, "CLERK_JWT_KEY")
  const publishableKey = read(env, "CLERK_PUBLISHABLE_KEY")
  if (publishableKey === undefined) {
    return fail("CLERK_PUBLISHABLE_KEY is required when CLERK_SECRET_KEY or CLERK_JWT_KEY is set (Clerk dashboard → API keys)")
  }
  const frontendApi = frontendApiOf(publishableKey)
  if (frontendApi === undefined) return fail("CLERK_PUBLISHABLE_KEY is not a Clerk publishable key (pk_test_… or pk_live_…)")
  if (secretKey !== undefined && !secretKey.startsWith("sk_")) return fail("CLERK_SECRET_KEY is not a Clerk secret key (sk_test_… or sk_live_…)")
  const pem = jwtKey === undefined ? null : pemFrom(jwtKey)
  if (pem !== null) {
    try {
      if (createPublicKey(pem).asymmetricKeyType !== "rsa") return fail("CLERK_JWT_KEY must be an RSA public key")
    } catch {
      return fail("CLERK_JWT_KEY is not a PEM public key (Clerk dashboard → API keys → JWT public key → PEM)")
    }
  }
  const issuer = read(env, "CLERK_ISSUER")
  return Either.map(issuer === undefined ? Either.right(`https://${frontendApi}`) : originOf(issuer, "CLERK_ISSUER"), (iss) => ({
    mode: "clerk" as const,
    publishableKey,
    secretKey: secretKey === undefined ? null : Redacted.make(secretKey),
    jwtKey: pem,
    issuer: iss,
    authorizedParties
  }))
}

/** A positive whole number of seconds, or the default when unset. */
const seconds = (env: Env, name: string, fallback: number): Either.Either<number, AuthConfigError> => {
  const raw = read(env, name)
  const value = raw === undefined ? fallback : Number(raw)
  return Number.isInteger(value) && value > 0 ? Either.right(value) : fail(`${name} must be a positive whole number of seconds, got "${raw}"`)
}

/** `1` or `0`, or the default when unset. */
const flag = (env: Env, name: string, fallback: boolean): Either.Either<boolean, AuthConfigError> => {
  const raw = read(env, name)
  if (raw === undefined) return Either.right(fallback)
  return raw === "1" || raw === "0" ? Either.right(raw === "1") : fail(`${name} must be 1 or 0, got "${raw}"`)
}

const localConfig = (env: Env, publicOrigin: string, listed: ReadonlyArray<string>): Either.Either<LocalAuthConfig, AuthConfigError> =>
  Either.gen(function* () {
    if (read(env, "NODE_ENV") === "production" && read(env, "PALMA_ALLOW_LOCAL_AUTH") !== "1") {
      return yield* fail(
        "Local authentication is refused with NODE_ENV=production. Configure Clerk (CLERK_PUBLISHABLE_KEY with CLERK_JWT_KEY or CLERK_SECRET_KEY), or set PALMA_ALLOW_LOCAL_AUTH=1 to run the embedded issuer anyway."
      )
    }
    const tokenTtlSeconds = yield* seconds(env, "PALMA_LOCAL_TOKEN_TTL_SECONDS", DEFAULT_TOKEN_TTL_SECONDS)
    const absoluteSeconds = yield* seconds(env, "PALMA_SESSION_LIFETIME_SECONDS", DEFAULT_SESSION_SECONDS)
    const idleSeconds = yield* seconds(env, "PALMA_SESSION_IDLE_SECONDS", DEFAULT_IDLE_SECONDS)
    const signUp = yield* flag(env, "PALMA_SIGN_UP", true)
    const trustProxy = yield* flag(env, "PALMA_TRUST_PROXY", false)
    const issuer = read(env, "PALMA_LOCAL_ISSUER")
    if (issuer !== undefined && Either.isLeft(originOf(issuer, "PALMA_LOCAL_ISSUER"))) return yield* fail(`PALMA_LOCAL_ISSUER: "${issuer}" is not a URL`)
    return {
      mode: "local" as const,
      issuer: issuer ?? `${publicOrigin}/local-issuer`,
      authorizedParty: publicOrigin,
      // The issuer's own azp must verify, whatever else is listed.
      authorizedParties: [...new Set([publicOrigin, ...listed])],
      tokenTtlSeconds,
      sessions: { absoluteSeconds, idleSeconds },
      signUp,
      trustProxy
    }
  })

/** Pure: the whole decision from an environment snapshot, so every branch is unit-testable. */
export const authConfigFrom = (env: Env): Either.Either<AuthConfigShape, AuthConfigError> =>
  Either.gen(function* () {
    const publicOrigin = yield* publicUrlOf(env)
    const authorizedParties = yield* authorizedPartiesOf(env, publicOrigin)
    const clerk = read(env, "CLERK_SECRET_KEY") !== undefined || read(env, "CLERK_JWT_KEY") !== undefined
    return yield* clerk ? clerkConfig(env, authorizedParties) : localConfig(env, publicOrigin, authorizedParties)
  })

export class AuthConfig extends Context.Tag("@palma/server/auth/AuthConfig")<AuthConfig, AuthConfigShape>() {
  /** From `process.env`, read when the layer is built. */
  static readonly layer: Layer.Layer<AuthConfig, AuthConfigError> = Layer.effect(
    AuthConfig,
    Effect.suspend(() => authConfigFrom(process.env))
  )

  static readonly layerFrom = (env: Env): Layer.Layer<AuthConfig, AuthConfigError> => Layer.effect(AuthConfig, authConfigFrom(env))
}
