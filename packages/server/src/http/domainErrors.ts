import { Effect, Match, Predicate } from "effect"
import { BadRequest, Conflict, Forbidden, NotFound, PreconditionFailed, staleVersionMessage } from "@palma/core/api"
import type { Clash, Denied, DomainError, Invalid, Missing, Stale } from "../domain/errors.js"

/** The contract's error for each of a service's own: the one place a domain error becomes an HTTP status. */
export type HttpOf<E> = E extends Stale
  ? PreconditionFailed
  : E extends Missing
    ? NotFound
    : E extends Clash
      ? Conflict
      : E extends Invalid
        ? BadRequest
        : E extends Denied
          ? Forbidden
          : E

const domainTags: ReadonlySet<unknown> = new Set<DomainError["_tag"]>(["Missing", "Clash", "Invalid", "Denied", "Stale"])
const isDomainError = (error: unknown): error is DomainError => Predicate.hasProperty(error, "_tag") && domainTags.has(error._tag)

const httpError = Match.type<DomainError>().pipe(
  Match.tagsExhaustive({
    Missing: ({ message }) => new NotFound({ message }),
    Clash: ({ message }) => new Conflict({ message }),
    Invalid: ({ issues, message }) => new BadRequest({ message, issues: issues ?? [] }),
    Denied: ({ message }) => new Forbidden({ message }),
    Stale: () => new PreconditionFailed({ message: staleVersionMessage })
  })
)

/** `effect` with its domain errors as the contract's; any other error passes as it is. */
export const asHttp = <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, HttpOf<E>, R> =>
  // HttpOf<E> is what the mapping below does to each member of E; TypeScript cannot follow a union through it.
  Effect.mapError(effect, (error) => (isDomainError(error) ? httpError(error) : error)) as Effect.Effect<A, HttpOf<E>, R>

/** A service as its handlers see it: every operation (an effect, or a function answering one) with HTTP errors. */
export type Served<S> = {
  readonly [K in keyof S]: S[K] extends (...args: infer P) => Effect.Effect<infer A, infer E, infer R>
    ? (...args: P) => Effect.Effect<A, HttpOf<E>, R>
    : S[K] extends Effect.Effect<infer A, infer E, infer R>
      ? Effect.Effect<A, HttpOf<E>, R>
      : S[K]
}

const serve = (operation: unknown): unknown => {
  if (Effect.isEffect(operation)) return asHttp(operation)
  if (typeof operation !== "function") return operation
  return (...args: ReadonlyArray<unknown>) => serve(operation(...args))
}

/**
 * Wraps a service once, where its HTTP group takes it: each handler then calls the service and
 * gets the contract's errors, with no mapping of its own.
 */
export const served = <S extends object>(service: S): Served<S> =>
  // Served<S> is the type of what `serve` builds field by field; TypeScript cannot check a mapped type built at runtime.
  Object.fromEntries(Object.entries(service).map(([key, operation]) => [key, serve(operation)])) as Served<S>
