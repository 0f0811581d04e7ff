import type { VerifiedClaims } from "./TokenVerifier.js"

/**
 * Verified tokens by their exact text, until they expire. A token is immutable
 * and signed, so the same text verifies the same way until `exp`; skipping the
 * RSA check on repeat requests is what keeps latency low under load. Bounded
 * so a flood of distinct tokens cannot grow memory.
 */
export const makeVerifiedTokenCache = (maxEntries = 5_000) => {
  const entries = new Map<string, VerifiedClaims>()
  return {
    get: (token: string, now: number): VerifiedClaims | undefined => {
      const claims = entries.get(token)
      if (claims === undefined) return undefined
      if (claims.expiresAt <= now) {
        entries.delete(token)
        return undefined
      }
      return claims
    },
    set: (token: string, claims: VerifiedClaims): void => {
      if (entries.size >= maxEntries) {
        // Oldest first: Map keeps insertion order.
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(token, claims)
    }
  }
}
