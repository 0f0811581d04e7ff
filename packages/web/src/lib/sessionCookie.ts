/**
 * The bearer for API calls: Clerk keeps its session token in a readable `__session` cookie.
 * In local mode that cookie is HttpOnly, so this finds nothing and the browser sends it instead.
 */
export const readSessionCookie = (): string | undefined => {
  for (const pair of document.cookie.split(";")) {
    const [name, ...value] = pair.trim().split("=")
    if (name === "__session") return decodeURIComponent(value.join("=")) || undefined
  }
  return undefined
}
