import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { MasterCache } from "../../src/master/MasterCache.js"

const withCache = <A>(f: (cache: MasterCache["Type"]) => Effect.Effect<A>) =>
  Effect.runPromise(Effect.flatMap(MasterCache, f).pipe(Effect.provide(MasterCache.layer(true))))

describe("MasterCache", () => {
  it("serves a key from memory until a write, and stays bounded whatever keys callers send", async () => {
    const loads = new Map<string, number>()
    const load = (key: string) => Effect.sync(() => loads.set(key, (loads.get(key) ?? 0) + 1).get(key))
    await withCache((cache) =>
      Effect.gen(function* () {
        yield* cache.read("a", load("a"))
        yield* cache.read("a", load("a"))
        expect(loads.get("a")).toBe(1)
        // Far more distinct keys than it keeps: the oldest ("a") leaves, the newest stay.
        for (let i = 0; i < 1000; i++) yield* cache.read(`page:${i}`, load(`page:${i}`))
        yield* cache.read("page:999", load("page:999"))
        expect(loads.get("page:999")).toBe(1)
        yield* cache.read("a", load("a"))
        expect(loads.get("a")).toBe(2)
        yield* cache.invalidate
        yield* cache.read("page:999", load("page:999"))
        expect(loads.get("page:999")).toBe(2)
      })
    )
  })
})
