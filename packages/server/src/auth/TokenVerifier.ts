import { verifyToken } from "@clerk/backend"
import { TokenVerificationErrorReason } from "@clerk/backend/errors"
import { signedInAuthObject } from "@clerk/backend/internal"
import { Context, Data, Effect, Layer, Redacted } from "effect"
import type { ClerkAuthConfig } from "./AuthConfig.js"
import { LocalIssuer } from "./LocalIssuer.js"

/**
 * Verifies session tokens with `@clerk/backend`'s `verifyToken` in both modes, networkless whenever
 * a PEM key is known (`jwtKey`). verifyToken checks: RS256/384/512 only (so `none` and HS256 are
 * refused before any key is used), the signature, `typ` JWT, `sub` present, `azp` among the
 * authorized parties, `iss` against the pinned issuer, `exp`, `nbf` and `iat` (5 s clock skew).
 * On top of that this module requires a session id (`sid`), and `v: 2` for local tokens.
 * Organization claims are decoded by Clerk's own parser (v2 `o`/`fea` bit masks, or v1 `org_*`).
 */
export type InvalidTokenReason =
  | "missing"
  | "malformed"
  | "expired"
  | "not-yet-valid"
  | "invalid-signature"
  | "invalid-algorithm"
  | "invalid-authorized-party"
  | "invalid-issuer"
  | "invalid-claims"
  /** Local mode: a valid token of a session that was signed out, closed, or whose user was disabled. */
  | "ended"
  /** Clerk's JWKS could not be fetched (secret-key-only mode): the server's problem, not the caller's. */
  | "key-unavailable"

export class InvalidToken extends Data.TaggedError("InvalidToken")<{
  readonly reason: InvalidTokenReason
  /** From @clerk/backend or this module; never contains the token. */
  readonly message: string
}> {}

export interface VerifiedClaims {
  readonly userId: string
  readonly sessionId: string
  readonly orgId: string | null
  /** Clerk role key, e.g. `org:admin`. */
  readonly orgRole: string | null
  readonly orgSlug: string | null
  /** Clerk permission keys, e.g. `org:reports:read`. */
  readonly orgPermissions: ReadonlyArray<string>
  /** The `publicMeta` claim; `{}` when absent or not an object. */
  readonly publicMeta: Readonly<Record<string, unknown>>
  /** The `act` claim of an impersonation session. */
  readonly actor: Readonly<Record<string, unknown>> | null
  /** Epoch milliseconds. */
  readonly expiresAt: number
}

export interface TokenVerifierShape {
  readonly verify: (token: string) => Effect.Effect<VerifiedClaims, InvalidToken>
}

export interface TokenVerifierOptions {
  /** A PEM public key (networkless), or Clerk's secret key (fetches Clerk's JWKS). */
  readonly key: { readonly jwtKey: string } | { readonly secretKey: Redacted.Redacted<string> }
  readonly issuer: string
  readonly authorizedParties: ReadonlyArray<string>
  /** Local tokens are always v2; Clerk instances may still send v1 tokens. */
  readonly requireV2: boolean
}

/** Real session tokens are about 1 KB; anything far larger is refused without parsing. */
const MAX_TOKEN_LENGTH = 16 * 1024

const reasonOf = (clerkReason: unknown): InvalidTokenReason => {
  switch (clerkReason) {
    case TokenVerificationErrorReason.TokenExpired:
      return "expired"
    case TokenVerificationErrorReason.TokenNotActiveYet:
    case TokenVerificationErrorReason.TokenIatInTheFuture:
      return "not-yet-valid"
    case TokenVerificationErrorReason.TokenInvalid:
      return "malformed"
    case TokenVerificationErrorReason.TokenInvalidAlgorithm:
      return "invalid-algorithm"
    case TokenVerificationErrorReason.TokenInvalidSignature:
      return "invalid-signature"
    case TokenVerificationErrorReason.TokenInvalidAuthorizedParties:
      return "invalid-authorized-party"
    case TokenVerificationErrorReason.TokenInvalidIssuer:
      return "invalid-issuer"
    case TokenVerificationErrorReason.RemoteJWKFailedToLoad:
    case TokenVerificationErrorReason.JWKFailedToResolve:
    case TokenVerificationErrorReason.InvalidSecretKey:
      return "key-unavailable"
    default:
      // token-verification-failed (bad claim types, unusable key), remote JWK missing or kid mismatch.
      return "invalid-claims"
  }
}

const invalid = (reason: InvalidTokenReason, message: string) => new InvalidToken({ reason, message })

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value)

export const make = (options: TokenVerifierOptions): TokenVerifierShape => {
  const clerkOptions = {
    ...("jwtKey" in options.key ? { jwtKey: options.key.jwtKey } : { secretKey: Redacted.value(options.key.secretKey) }),
    issuer: options.issuer,
    authorizedParties: [...options.authorizedParties]
  }
  return {
    verify: (token) =>
      Effect.gen(function* () {
        if (token === "") return yield* invalid("missing", "No session token")
        if (token.length > MAX_TOKEN_LENGTH) return yield* invalid("malformed", "Session token too long")
        // The package's public verifyToken throws its TokenVerificationError instead of returning it.
        const claims = yield* Effect.tryPromise({
          try: () => verifyToken(token, clerkOptions),
          catch: (error) =>
            invalid(reasonOf((error as { reason?: unknown } | null)?.reason), error instanceof Error ? error.message : "Session token verification failed")
        })
        if (typeof claims.sid !== "string") return yield* invalid("invalid-claims", "Not a session token: no sid claim")
        if (options.requireV2 && claims.v !== 2) return yield* invalid("invalid-claims", "Session token is not version 2")
        // Clerk's own claim decoder (v1 org_* or v2 o/fea bit masks). The empty context only feeds
        // the auth object's lazy getToken/debug helpers, which are never called: no network.
        const auth = yield* Effect.try({
          try: () => signedInAuthObject({}, token, claims),
          catch: () => invalid("invalid-claims", "Unreadable organization claims")
        })
        return {
          userId: auth.userId,
          sessionId: auth.sessionId,
          orgId: auth.orgId ?? null,
          orgRole: auth.orgRole ?? null,
          orgSlug: auth.orgSlug ?? null,
          orgPermissions: auth.orgPermissions ?? [],
          publicMeta: isRecord(claims.publicMeta) ? claims.publicMeta : {},
          actor: isRecord(auth.actor) ? auth.actor : null,
          expiresAt: claims.exp * 1000
        }
      })
  }
}

export class TokenVerifier extends Context.Tag("@palma/server/auth/TokenVerifier")<TokenVerifier, TokenVerifierShape>() {
  /** Local mode: pins the local issuer's key and `iss`. */
  static readonly layerLocal = (config: { readonly authorizedParties: ReadonlyArray<string> }): Layer.Layer<TokenVerifier, never, LocalIssuer> =>
    Layer.effect(
      TokenVerifier,
      Effect.map(LocalIssuer, (issuer) =>
        make({ key: { jwtKey: issuer.publicKeyPem }, issuer: issuer.issuer, authorizedParties: config.authorizedParties, requireV2: true })
      )
    )

  /** Clerk mode: `CLERK_JWT_KEY` when set (networkless), else the secret key (JWKS over the network). */
  static readonly layerClerk = (config: ClerkAuthConfig): Layer.Layer<TokenVerifier> =>
    Layer.succeed(
      TokenVerifier,
      make({
        // authConfigFrom only yields Clerk mode when one of the two keys is set.
        key: config.jwtKey !== null ? { jwtKey: config.jwtKey } : { secretKey: config.secretKey! },
        issuer: config.issuer,
        authorizedParties: config.authorizedParties,
        requireV2: false
      })
    )
}
