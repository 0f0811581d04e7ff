const margin = 60_000
/** setTimeout fires at once for delays past 2^31 - 1 ms. */
const longestTimeout = 2 ** 31 - 1

/** How long to wait before refreshing a token that expires at `expiresAt` (epoch ms). */
export const refreshDelay = (expiresAt: number, now: number): number => {
  const remaining = expiresAt - now
  const early = Math.min(margin, remaining / 2)
  return Math.min(Math.max(0, remaining - early), longestTimeout)
}
