import { Context, Deferred, Effect, Layer } from "effect"

/**
 * The two moments of a stopping process, for the parts that must act on them: `started` when it
 * was asked to stop (it is no longer ready; the upload worker gives its job up), `closing` when it
 * stops taking requests (live streams end, telling their clients to come back). Neither comes in
 * a process nobody stops (the tests' in-process servers).
 */
export class Drain extends Context.Tag("palma/Drain")<
  Drain,
  {
    readonly started: Effect.Effect<void>
    readonly closing: Effect.Effect<void>
    readonly isClosing: Effect.Effect<boolean>
    readonly start: Effect.Effect<void>
    readonly close: Effect.Effect<void>
  }
>() {
  static readonly layer = Layer.effect(
    Drain,
    Effect.gen(function* () {
      const started = yield* Deferred.make<void>()
      const closing = yield* Deferred.make<void>()
      return {
        started: Deferred.await(started),
        closing: Deferred.await(closing),
        isClosing: Deferred.isDone(closing),
        start: Effect.asVoid(Deferred.succeed(started, undefined)),
        close: Effect.asVoid(Deferred.succeed(closing, undefined))
      }
    })
  )
}
