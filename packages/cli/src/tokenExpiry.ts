/**
 * The `exp` of a JWT in epoch milliseconds, read without verifying it: the server verifies; the
 * CLI only needs to know when to refresh. Null when the token is not a readable JWT.
 */
export const tokenExpiry = (token: string): number | null => {
  const payload = token.split(".")[1]
  if (payload === undefined) return null
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"))
    const exp = typeof claims === "object" && claims !== null && "exp" in claims ? claims.exp : undefined
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null
  } catch {
    return null
  }
}
