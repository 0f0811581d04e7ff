import { Effect, type Layer } from "effect"
import type { HttpClient } from "@effect/platform"
import { type ApiClient, type ClientOptions, makeApiClient } from "./ApiClient.js"
import { toApiFailure } from "./failure.js"

/** Runs one API call as a Promise that rejects with an ApiFailure: what machines' actors need. */
export type Call = <A, E>(f: (client: ApiClient) => Effect.Effect<A, E>) => Promise<A>

export const makeCall = (options: ClientOptions, http: Layer.Layer<HttpClient.HttpClient>): Call => {
  const client = Effect.runSync(makeApiClient(options).pipe(Effect.provide(http)))
  return (f) =>
    Effect.runPromise(
      f(client).pipe(
        Effect.mapError(toApiFailure),
        Effect.catchAllDefect((d) => Effect.fail(toApiFailure(d))),
        Effect.either
      )
    ).then((result) => {
      if (result._tag === "Left") throw result.left
      return result.right
    })
}
