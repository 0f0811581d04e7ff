import { Context, Effect, Layer, Stream } from "effect"
import { CaseFeed } from "./CaseFeed.js"

/** How long a count is trusted without a notice: the bound on staleness if another process's notice is lost. */
const TRUST_MS = 5_000
/** Distinct filters remembered at once (names searched add keys); past it the memory starts over. */
const MAX_KEYS = 500

export interface CaseCountsShape {
  /** The count of the filters named by `key`: remembered until a case changes, else computed. */
  readonly count: <E, R>(key: string, compute: Effect.Effect<number, E, R>) => Effect.Effect<number, E, R>
  /** Forgets every count: a case of this process changed (called before its notice goes out). */
  readonly forget: Effect.Effect<void>
}

/**
 * The case list's totals, remembered between case writes. Counting the filtered projection is
 * most of a list page's cost at 100k cases, and the total only moves when a case does. This
 * process's writes forget them all before answering; other processes' writes (PostgreSQL) when
 * their notice arrives, or at most `TRUST_MS` later if it is lost. A count computed while a write
 * landed is not kept.
 */
export class CaseCounts extends Context.Tag("palma/CaseCounts")<CaseCounts, CaseCountsShape>() {
  static readonly layer = Layer.scoped(
    CaseCounts,
    Effect.gen(function* () {
      const feed = yield* CaseFeed
      const known = new Map<string, { readonly n: number; readonly at: number }>()
      let generation = 0
      const forget = Effect.sync(() => {
        generation += 1
        known.clear()
      })
      yield* feed.notices.pipe(
        Stream.filter((notice) => notice.type === "case"),
        Stream.runForEach(() => forget),
        Effect.forkScoped
      )
      return {
        forget,
        count: (key, compute) =>
          Effect.suspend(() => {
            const now = Date.now()
            const hit = known.get(key)
            if (hit !== undefined && now - hit.at < TRUST_MS) return Effect.succeed(hit.n)
            const started = generation
            return Effect.tap(compute, (n) =>
              Effect.sync(() => {
                if (started !== generation) return
                if (known.size >= MAX_KEYS) known.clear()
                known.set(key, { n, at: now })
              })
            )
          })
      } satisfies CaseCountsShape
    })
  )
}
