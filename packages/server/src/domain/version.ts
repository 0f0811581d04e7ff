import { Effect, Option } from "effect"
import { Stale } from "./errors.js"

/**
 * What an `If-Match` asked for: `undefined` when the request had none (the original client: the
 * last writer wins), `"any"` for `*`, else the versions it names (none when no tag parsed).
 */
export type Precondition = undefined | "any" | ReadonlyArray<number>

/** A row as written or read, with the version its `ETag` names. */
export interface Versioned<A> {
  readonly row: A
  readonly version: number
}

/** Fails with `Stale` unless the precondition names `version`. */
export const matchVersion = (version: number, precondition: Precondition): Effect.Effect<void, Stale> =>
  precondition === undefined || precondition === "any" || precondition.includes(version) ? Effect.void : Effect.fail(new Stale())

/**
 * Inside a write's transaction: `lock` reads the row's version and holds the row until commit (so
 * no other write slips between this check and the write), run only when there is a precondition.
 * A row that does not exist passes: the caller's own lookup answers that it is missing.
 */
export const checkVersion = <E>(lock: Effect.Effect<Option.Option<number>, E>, precondition: Precondition): Effect.Effect<void, Stale | E> =>
  precondition === undefined
    ? Effect.void
    : Effect.flatMap(lock, Option.match({ onNone: () => Effect.void, onSome: (version) => matchVersion(version, precondition) }))
