import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { endsAt, idleExpiryAfter, isLive, newSession, type SessionLifetimes } from "../../src/auth/SessionPolicy.js"

const lifetimesArb = fc.record({ absoluteSeconds: fc.integer({ min: 1, max: 30 * 86400 }), idleSeconds: fc.integer({ min: 1, max: 30 * 86400 }) })
const start = new Date("2026-11-23T12:00:00Z")
const at = (ms: number) => new Date(start.getTime() + ms)

/** A session refreshed at increasing times, each only while it is still live (as refresh does). */
const refreshed = (lifetimes: SessionLifetimes, gaps: ReadonlyArray<number>) => {
  let session = newSession("sess_x", "user_x", start, lifetimes)
  let now = 0
  for (const gap of gaps) {
    now += gap
    if (!isLive({ ...session, userDisabled: false }, at(now))) break
    session = { ...session, lastSeenAt: at(now), idleExpiresAt: idleExpiryAfter(session, at(now), lifetimes) }
  }
  return session
}

describe("session policy", () => {
  it("no amount of activity keeps a session past its absolute lifetime", () => {
    fc.assert(
      fc.property(lifetimesArb, fc.array(fc.integer({ min: 0, max: 86400_000 }), { maxLength: 50 }), (lifetimes, gaps) => {
        const session = refreshed(lifetimes, gaps)
        const absolute = start.getTime() + lifetimes.absoluteSeconds * 1000
        expect(endsAt(session).getTime()).toBeLessThanOrEqual(absolute)
        expect(isLive({ ...session, userDisabled: false }, new Date(absolute))).toBe(false)
      })
    )
  })

  it("ends after the idle timeout without activity, and never when ended or disabled", () => {
    fc.assert(
      fc.property(lifetimesArb, (lifetimes) => {
        const session = newSession("sess_x", "user_x", start, lifetimes)
        const idleEnd = Math.min(lifetimes.idleSeconds, lifetimes.absoluteSeconds) * 1000
        expect(isLive({ ...session, userDisabled: false }, at(idleEnd - 1))).toBe(true)
        expect(isLive({ ...session, userDisabled: false }, at(idleEnd))).toBe(false)
        expect(isLive({ ...session, userDisabled: true }, start)).toBe(false)
        expect(isLive({ ...session, endedAt: start, userDisabled: false }, start)).toBe(false)
      })
    )
  })
})
