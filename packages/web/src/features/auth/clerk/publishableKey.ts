/** Why a Clerk publishable key cannot start Clerk, if it cannot. */
export type KeyProblem = "missing" | "invalid"

/**
 * The Frontend API host a publishable key names (`pk_test_<base64 of "host$">`), or null when the
 * key is malformed. The same check clerk-js makes, done first so a bad key gets a clear page.
 */
export const frontendApiOf = (key: string): string | null => {
  const match = /^pk_(?:test|live)_([A-Za-z0-9+/=_-]+)$/.exec(key.trim())
  if (match === null) return null
  let decoded: string
  try {
    decoded = atob(match[1]!)
  } catch {
    return null
  }
  if (!decoded.endsWith("$")) return null
  const host = decoded.slice(0, -1)
  return host.includes("$") || !host.includes(".") ? null : host
}

export const keyProblem = (key: string | null | undefined): KeyProblem | null => {
  if (key === null || key === undefined || key.trim() === "") return "missing"
  return frontendApiOf(key) === null ? "invalid" : null
}
