/**
 * Throttling of sign-in and sign-up (DESIGN §3), as pure rules over one counter: attempts counted
 * in a window that starts at the first one; the `max`-th locks the counter for a while, each lock
 * longer than the one before (doubling up to a cap); a quiet hour forgets the past locks.
 */
export interface ThrottleLimit {
  /** Counted attempts allowed per window; the one that reaches this number locks. */
  readonly max: number
  readonly windowSeconds: number
  readonly firstLockSeconds: number
  readonly maxLockSeconds: number
  /** Without counted attempts for this long, past locks are forgotten. */
  readonly forgetSeconds: number
}

/** Epoch milliseconds throughout. */
export interface ThrottleState {
  readonly count: number
  readonly windowStartedAt: number
  readonly lockedUntil: number | null
  readonly lockouts: number
  readonly lastCountedAt: number
}

/** Whole seconds from `now` until `lockedUntil`; 0 when that has passed. */
export const secondsUntil = (lockedUntil: number | null, now: number): number =>
  lockedUntil !== null && lockedUntil > now ? Math.ceil((lockedUntil - now) / 1000) : 0

/** Seconds to wait before the next attempt; 0 when it may go ahead. */
export const retryAfterSeconds = (state: ThrottleState | undefined, now: number): number => secondsUntil(state?.lockedUntil ?? null, now)

export const lockSecondsAfter = (lockouts: number, limit: ThrottleLimit): number =>
  Math.min(limit.firstLockSeconds * 2 ** Math.min(lockouts, 30), limit.maxLockSeconds)

/** The counter after one more counted attempt at `now` (the caller checked it was not locked). */
export const counted = (state: ThrottleState | undefined, now: number, limit: ThrottleLimit): ThrottleState => {
  const remembered = state !== undefined && now - state.lastCountedAt < limit.forgetSeconds * 1000
  const lockouts = remembered ? state.lockouts : 0
  const inWindow = remembered && state.count > 0 && now - state.windowStartedAt < limit.windowSeconds * 1000
  const count = inWindow ? state.count + 1 : 1
  if (count >= limit.max) {
    return { count: 0, windowStartedAt: now, lockedUntil: now + lockSecondsAfter(lockouts, limit) * 1000, lockouts: lockouts + 1, lastCountedAt: now }
  }
  return {
    count,
    windowStartedAt: inWindow ? state.windowStartedAt : now,
    lockedUntil: null,
    lockouts,
    lastCountedAt: now
  }
}

const MINUTE = 60
const HOUR = 3600

/** Wrong passwords for one account: the 11th within a minute is refused. */
export const signInPerAccount: ThrottleLimit = { max: 10, windowSeconds: MINUTE, firstLockSeconds: MINUTE, maxLockSeconds: HOUR, forgetSeconds: HOUR }
/** Wrong passwords from one client address (an office behind one NAT shares it: wider). */
export const signInPerAddress: ThrottleLimit = { max: 30, windowSeconds: MINUTE, firstLockSeconds: MINUTE, maxLockSeconds: HOUR, forgetSeconds: HOUR }
/** Accounts created, or tried, from one client address. */
export const signUpPerAddress: ThrottleLimit = {
  max: 20,
  windowSeconds: HOUR,
  firstLockSeconds: 10 * MINUTE,
  maxLockSeconds: 24 * HOUR,
  forgetSeconds: 24 * HOUR
}
/** Sign-ups naming one email (probing which emails have accounts). */
export const signUpPerAccount: ThrottleLimit = {
  max: 5,
  windowSeconds: HOUR,
  firstLockSeconds: 10 * MINUTE,
  maxLockSeconds: 24 * HOUR,
  forgetSeconds: 24 * HOUR
}
