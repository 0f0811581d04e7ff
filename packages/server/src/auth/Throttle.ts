import { Clock, Context, Effect, Layer } from "effect"
import { createHash } from "node:crypto"
import { counted, secondsUntil, signInPerAccount, signInPerAddress, signUpPerAccount, signUpPerAddress, type ThrottleLimit } from "./ThrottlePolicy.js"
import { ThrottleRepo } from "./ThrottleRepo.js"
import { Throttled } from "./AuthErrors.js"

/** One sign-in or sign-up: who it names and where it comes from. */
export interface Attempt {
  readonly action: "signIn" | "signUp"
  readonly email: string
  /** The client address; null when the socket has none (counted together). */
  readonly address: string | null
}

const limits: Record<Attempt["action"], { readonly account: ThrottleLimit; readonly address: ThrottleLimit }> = {
  signIn: { account: signInPerAccount, address: signInPerAddress },
  signUp: { account: signUpPerAccount, address: signUpPerAddress }
}

/** Counters are keyed by a hash: the table never holds an email or an address. */
const keyOf = (...parts: ReadonlyArray<string>) => createHash("sha256").update(parts.join("\u0000")).digest("base64url")
const accountKey = (attempt: Attempt) => keyOf(attempt.action, "account", attempt.email.trim().toLowerCase())
const addressKey = (attempt: Attempt) => keyOf(attempt.action, "address", attempt.address ?? "")

/** How long untouched counters are kept before being swept: the longest a limit remembers. */
const SWEEP_AFTER_MS = 24 * 3600 * 1000

/**
 * Sign-in and sign-up throttling, per account and per client address (DESIGN §3). A sign-in
 * checks, verifies and counts a failure while holding a hashing permit (see Passwords), so the
 * attempts queued behind a flood see the lock it set; successes are never counted, so many people
 * signing in from one office address are not locked out. Every sign-up attempt counts.
 */
const make = Effect.gen(function* () {
  const repo = yield* ThrottleRepo
  const keyed = (attempt: Attempt) =>
    [
      [accountKey(attempt), limits[attempt.action].account],
      [addressKey(attempt), limits[attempt.action].address]
    ] as const

  return {
    /** Fails while the attempt's account or address is locked; one read, no write. */
    refuseIfLocked: (attempt: Attempt): Effect.Effect<void, Throttled> =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const until = yield* repo.lockedUntil(keyed(attempt).map(([key]) => key))
        const wait = secondsUntil(until, now)
        if (wait > 0) return yield* new Throttled({ retryAfter: wait })
      }),

    /** Counts a failed sign-in, or a sign-up, against its account and address (one transaction). */
    count: (attempt: Attempt): Effect.Effect<void> =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const limitsByKey = keyed(attempt)
        yield* repo.update(
          limitsByKey.map(([key]) => key),
          new Date(now),
          (states) => ({ result: undefined, next: new Map(limitsByKey.map(([key, limit]) => [key, counted(states.get(key), now, limit)] as const)) })
        )
        yield* repo.forgetOlder(new Date(now - SWEEP_AFTER_MS))
      }),

    /** A right password: the account's failures are forgotten. */
    succeeded: (attempt: Attempt): Effect.Effect<void> => repo.remove(accountKey(attempt))
  }
})

export class Throttle extends Context.Tag("palma/Throttle")<Throttle, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(Throttle, make).pipe(Layer.provide(ThrottleRepo.layer))
}
