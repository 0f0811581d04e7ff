import { sign } from "node:crypto"
import { Clock, Context, Effect, Layer } from "effect"
import { type ActiveOrganization, encodeOrgClaims } from "./OrgClaim.js"
import { SigningKey, type SigningKeyShape } from "./SigningKey.js"

/**
 * The embedded issuer used when no Clerk keys are configured. It mints tokens of the same shape as
 * Clerk session tokens v2 so that the one verification path (`@clerk/backend` verifyToken) serves
 * both modes. Personal data (name, email) stays out of the token, as with Clerk: only `publicMeta`.
 */
export interface LocalIssuerOptions {
  /** `iss`, pinned by the verifier. */
  readonly issuer: string
  /** `azp`: the web origin the token is meant for. */
  readonly authorizedParty: string
  readonly tokenTtlSeconds: number
}

export interface SessionTokenInput {
  readonly userId: string
  readonly sessionId: string
  /** The user's public metadata, e.g. `{ roles: { operaciones: "admin" } }`. */
  readonly publicMeta: Readonly<Record<string, unknown>>
  readonly organization?: ActiveOrganization | null
}

export interface IssuedToken {
  readonly token: string
  /** Epoch milliseconds. */
  readonly expiresAt: number
}

export interface LocalIssuerShape {
  readonly issuer: string
  /** SPKI PEM of the signing key: the verifier's `jwtKey` in local mode. */
  readonly publicKeyPem: string
  readonly issue: (input: SessionTokenInput) => Effect.Effect<IssuedToken>
}

/** Clerk backdates `nbf` a little so slightly slow clocks still accept a fresh token. */
const NOT_BEFORE_LEEWAY_SECONDS = 5

const base64url = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString("base64url")

export const make = (key: SigningKeyShape, options: LocalIssuerOptions): LocalIssuerShape => {
  const header = base64url({ alg: "RS256", typ: "JWT", kid: key.kid })
  return {
    issuer: options.issuer,
    publicKeyPem: key.publicKeyPem,
    issue: (input) =>
      Effect.map(Clock.currentTimeMillis, (nowMs) => {
        const iat = Math.floor(nowMs / 1000)
        const exp = iat + options.tokenTtlSeconds
        const org = input.organization ? encodeOrgClaims(input.organization) : undefined
        const payload = base64url({
          azp: options.authorizedParty,
          exp,
          ...(org?.fea === undefined ? {} : { fea: org.fea }),
          iat,
          iss: options.issuer,
          nbf: iat - NOT_BEFORE_LEEWAY_SECONDS,
          ...(org === undefined ? {} : { o: org.o }),
          publicMeta: input.publicMeta,
          sid: input.sessionId,
          sub: input.userId,
          v: 2
        })
        const signingInput = `${header}.${payload}`
        // RSASSA-PKCS1-v1_5 with SHA-256 (RS256): node's default padding for RSA keys.
        const signature = sign("sha256", Buffer.from(signingInput), key.privateKey).toString("base64url")
        return { token: `${signingInput}.${signature}`, expiresAt: exp * 1000 }
      })
  }
}

export class LocalIssuer extends Context.Tag("@palma/server/auth/LocalIssuer")<LocalIssuer, LocalIssuerShape>() {
  static readonly layer = (options: LocalIssuerOptions): Layer.Layer<LocalIssuer, never, SigningKey> =>
    Layer.effect(
      LocalIssuer,
      Effect.map(SigningKey, (key) => make(key, options))
    )
}
