import { Context, Effect, Layer, Stream } from "effect"
import { CaseFeed } from "./CaseFeed.js"

/** How long an answer is trusted without a notice: the bound on staleness if another process's notice is lost. */
const TRUST_MS = 5_000
/** Distinct keys remembered at once (names searched add keys); past it the memory starts over. */
const MAX_KEYS = 500

export interface CaseMemoShape {
  /** The answer named by `key`: remembered until a case changes, else computed. */
  readonly remember: <A, E, R>(key: string, compute: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Forgets every answer: a case of this process changed (called before its notice goes out). */
  readonly forget: Effect.Effect<void>
}

/**
 * Reads over many cases that only change when a case does, remembered between case writes: the
 * list's totals (counting the filtered projection is most of a list page's cost at 100k cases)
 * and the dashboard's figures. This process's writes forget them all before answering; other
 * processes' writes (PostgreSQL) when their notice arrives, or at most `TRUST_MS` later if it is
 * lost. An answer computed while a write landed is not kept.
 */
export class CaseMemo extends Context.Tag("palma/CaseMemo")<CaseMemo, CaseMemoShape>() {
  private static readonly own = Layer.scoped(
    CaseMemo,
    Effect.gen(function* () {
      const feed = yield* CaseFeed
      const known = new Map<string, { readonly answer: unknown; readonly at: number }>()
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
        remember: <A, E, R>(key: string, compute: Effect.Effect<A, E, R>) =>
          Effect.suspend(() => {
            const now = Date.now()
            const hit = known.get(key)
            // Keys are namespaced by their reader ("count:", "dashboard:"): a key's answer is always of its reader's type.
            if (hit !== undefined && now - hit.at < TRUST_MS) return Effect.succeed(hit.answer as A)
            const started = generation
            return Effect.tap(compute, (answer) =>
              Effect.sync(() => {
                if (started !== generation) return
                if (known.size >= MAX_KEYS) known.clear()
                known.set(key, { answer, at: now })
              })
            )
          })
      } satisfies CaseMemoShape
    })
  )
  /** One memory per process, on the process's case feed: every reader and writer shares it (layers are memoized by reference). */
  static readonly layer = CaseMemo.own.pipe(Layer.provide(CaseFeed.layer))
}
