/**
 * Whether a session is live, remembered for a few seconds per process so an ordinary request costs
 * a map lookup, not a query. This process forgets a session the moment it ends one; another API
 * process learns it within `ttlMs`, well inside one access-token lifetime. Bounded like the
 * verified-token cache, so a flood of distinct sessions cannot grow memory.
 */
export const makeSessionLivenessCache = (ttlMs: number, maxEntries = 10_000) => {
  const entries = new Map<string, { readonly live: boolean; readonly userId: string; readonly until: number }>()
  return {
    get: (sessionId: string, now: number): boolean | undefined => {
      const entry = entries.get(sessionId)
      if (entry === undefined) return undefined
      if (entry.until <= now) {
        entries.delete(sessionId)
        return undefined
      }
      return entry.live
    },
    set: (sessionId: string, userId: string, live: boolean, now: number): void => {
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest !== undefined) entries.delete(oldest)
      }
      entries.set(sessionId, { live, userId, until: now + ttlMs })
    },
    forget: (sessionId: string): void => void entries.delete(sessionId),
    forgetUser: (userId: string): void => {
      for (const [sessionId, entry] of entries) if (entry.userId === userId) entries.delete(sessionId)
    }
  }
}
