import { Context, Effect, Layer } from "effect"

/**
 * Master lists are read on nearly every screen and change rarely. With the
 * embedded database there is exactly one server process per data dir, so an
 * in-process cache cleared on every master write is always fresh. On
 * PostgreSQL several processes may write, so nothing is cached there.
 */
export interface MasterCacheShape {
  readonly read: <A, E, R>(key: string, load: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  readonly invalidate: Effect.Effect<void>
}

/** Enough for every master's list, its families and the pages people really open. */
const MAX_ENTRIES = 256

export class MasterCache extends Context.Tag("palma/MasterCache")<MasterCache, MasterCacheShape>() {
  static readonly layer = (enabled: boolean) =>
    Layer.sync(MasterCache, () => {
      if (!enabled) return { read: (_key, load) => load, invalidate: Effect.void }
      // A write to one master can change another's rows (a renamed family appears in specialties), so one generation for all.
      // Keys carry what callers send (a page, a family id): bounded, the oldest entry leaves first.
      const entries = new Map<string, unknown>()
      const remember = (key: string, value: unknown) => {
        entries.delete(key)
        entries.set(key, value)
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      }
      let generation = 0
      return {
        read: <A, E, R>(key: string, load: Effect.Effect<A, E, R>) =>
          Effect.suspend(() => {
            if (entries.has(key)) return Effect.succeed(entries.get(key) as A)
            // A read that raced a write must not store what it read before the write.
            const started = generation
            return Effect.tap(load, (value) => Effect.sync(() => started === generation && remember(key, value)))
          }),
        invalidate: Effect.sync(() => {
          generation++
          entries.clear()
        })
      }
    })
}
