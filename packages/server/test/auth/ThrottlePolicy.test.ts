import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { counted, lockSecondsAfter, retryAfterSeconds, signInPerAccount, type ThrottleLimit, type ThrottleState } from "../../src/auth/ThrottlePolicy.js"

const limit = signInPerAccount
const second = 1000

/** Plays attempts at the given times: a locked one is refused (not counted), the others are counted. */
const play = (times: ReadonlyArray<number>, rules: ThrottleLimit = limit) => {
  let state: ThrottleState | undefined
  const verdicts: Array<{ at: number; refusedFor: number }> = []
  for (const at of times) {
    const refusedFor = retryAfterSeconds(state, at)
    verdicts.push({ at, refusedFor })
    if (refusedFor === 0) state = counted(state, at, rules)
  }
  return { state, verdicts }
}

/** Increasing times from gaps (ms). */
const timesFrom = (gaps: ReadonlyArray<number>) => gaps.reduce<Array<number>>((acc, gap) => [...acc, (acc.at(-1) ?? 0) + gap], [])

describe("throttle policy", () => {
  it("refuses the attempt after `max` counted ones within the window, for the first lock's length", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: Math.floor((limit.windowSeconds * second) / limit.max) - 1 }), { minLength: limit.max, maxLength: limit.max }),
        (gaps) => {
          const { state, verdicts } = play(timesFrom(gaps))
          expect(verdicts.every((v) => v.refusedFor === 0)).toBe(true)
          const last = verdicts.at(-1)!.at
          expect(retryAfterSeconds(state, last)).toBe(limit.firstLockSeconds)
        }
      )
    )
  })

  it("never locks for longer than the cap, and each lock is at least as long as the one before", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 120 * second }), { minLength: 1, maxLength: 200 }), (gaps) => {
        const { verdicts } = play(timesFrom(gaps))
        for (const v of verdicts) expect(v.refusedFor).toBeLessThanOrEqual(limit.maxLockSeconds)
      })
    )
    fc.assert(
      fc.property(fc.nat(40), (lockouts) => {
        expect(lockSecondsAfter(lockouts + 1, limit)).toBeGreaterThanOrEqual(lockSecondsAfter(lockouts, limit))
      })
    )
  })

  it("grows the lock when failures go on right after one, and forgets after a quiet spell", () => {
    const burst = (from: number) => Array.from({ length: limit.max }, (_, i) => from + i * second)
    const first = play(burst(0))
    const lockEnds = first.state!.lockedUntil!
    const second_ = play([...burst(0), ...burst(lockEnds)])
    expect(retryAfterSeconds(second_.state, second_.verdicts.at(-1)!.at)).toBe(2 * limit.firstLockSeconds)
    const later = lockEnds + limit.forgetSeconds * second
    const forgotten = play([...burst(0), ...burst(later)])
    expect(retryAfterSeconds(forgotten.state, forgotten.verdicts.at(-1)!.at)).toBe(limit.firstLockSeconds)
  })

  it("does not lock attempts spread wider than the window", () => {
    const spread = Array.from({ length: 3 * limit.max }, (_, i) => i * (limit.windowSeconds / (limit.max - 1)) * second + i)
    expect(play(spread).verdicts.every((v) => v.refusedFor === 0)).toBe(true)
  })
})
