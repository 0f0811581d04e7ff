import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type DecodedEvent, makeCaseHistoryCache } from "../../src/case/caseHistoryCache.js"

const event = (version: number): DecodedEvent => ({
  version,
  change: { type: "closed", payload: { description: `v${version}` } },
  user_id: "user_x",
  at: new Date(1_700_000_000_000 + version)
})
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => event(from + i))
const versions = (events: ReadonlyArray<DecodedEvent>) => events.map((e) => e.version)

describe("the case history cache", () => {
  it("answers each read with exactly the events up to its version, however reads of different versions interleave (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 20 }), (reads) => {
        const cache = makeCaseHistoryCache()
        // Each read saw the known version first, then read from the database the events after it (possibly while others extended).
        const known = reads.map(() => cache.knownVersion("c"))
        reads.forEach((version, i) => {
          const newer = range(known[i]! + 1, version)
          expect(versions(cache.extend("c", newer, version))).toEqual(versions(range(1, version)))
        })
      })
    )
  })

  it("forgets the least recently read case past its size", () => {
    const cache = makeCaseHistoryCache(2)
    cache.extend("a", range(1, 3), 3)
    cache.extend("b", range(1, 2), 2)
    cache.extend("a", [], 3)
    cache.extend("c", range(1, 1), 1)
    expect([cache.knownVersion("a"), cache.knownVersion("b"), cache.knownVersion("c")]).toEqual([3, 0, 1])
  })
})
