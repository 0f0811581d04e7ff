import { createHash, randomBytes, timingSafeEqual } from "node:crypto"
import { HttpApiSecurity, type HttpServerRequest } from "@effect/platform"
import { Option } from "effect"

/**
 * A session's refresh credential: `prt_<session id>.<secret>`. The browser holds it in an HttpOnly
 * cookie sent only to the local auth routes; the CLI keeps it in its credentials file and sends it
 * as the bearer of refresh and sign-out. The server stores only the secret's SHA-256.
 */
const prefix = "prt_"

/** The refresh cookie; scoped to `/api/auth/local` so no other request carries it. */
export const refreshCookie = HttpApiSecurity.apiKey({ in: "cookie", key: "__palma_refresh" })
export const refreshCookiePath = "/api/auth/local"

export interface RefreshSecret {
  readonly token: string
  readonly hash: string
}

const sha256 = (secret: string) => createHash("sha256").update(secret).digest("hex")

export const newRefreshSecret = (sessionId: string): RefreshSecret => {
  const secret = randomBytes(32).toString("base64url")
  return { token: `${prefix}${sessionId}.${secret}`, hash: sha256(secret) }
}

export interface RefreshClaim {
  readonly sessionId: string
  readonly secret: string
}

/** The session id and secret a credential names; none when it is not one of ours. */
export const parseRefreshToken = (token: string): Option.Option<RefreshClaim> => {
  if (!token.startsWith(prefix) || token.length > 200) return Option.none()
  const dot = token.lastIndexOf(".")
  if (dot <= prefix.length || dot === token.length - 1) return Option.none()
  return Option.some({ sessionId: token.slice(prefix.length, dot), secret: token.slice(dot + 1) })
}

/** Compares in constant time, so a guess learns nothing from how long a refusal took. */
export const secretMatches = (secret: string, storedHash: string | null): boolean => {
  if (storedHash === null) return false
  const given = Buffer.from(sha256(secret), "hex")
  const stored = Buffer.from(storedHash, "hex")
  return given.length === stored.length && timingSafeEqual(given, stored)
}

const bearerPrefix = /^Bearer\s+/i

/** The request's refresh credential: the cookie, else a `prt_` bearer (the CLI). */
export const refreshTokenOf = (request: HttpServerRequest.HttpServerRequest): Option.Option<RefreshClaim> => {
  const cookie = request.cookies[refreshCookie.key]
  if (cookie) return parseRefreshToken(cookie)
  const header = request.headers["authorization"]
  if (header && bearerPrefix.test(header)) return parseRefreshToken(header.replace(bearerPrefix, "").trim())
  return Option.none()
}
