import { HttpClient, HttpClientRequest, type HttpClientResponse } from "@effect/platform"
import { Effect, FiberRef } from "effect"

/**
 * A record with its version: the `ETag` the read or write that answered it carried (DESIGN §2
 * "Concurrency on writes"). `undefined` when the server named none; a write then sends no
 * `If-Match`, as the original client does, and is not guarded.
 */
export interface Versioned<A> {
  readonly record: A
  readonly version: string | undefined
}

/** A typed-client call made `withResponse: true`, as the record with its response's `ETag`. */
export const versioned = <A, E, R>(answer: Effect.Effect<readonly [A, HttpClientResponse.HttpClientResponse], E, R>): Effect.Effect<Versioned<A>, E, R> =>
  Effect.map(answer, ([record, response]) => ({ record, version: response.headers["etag"] }))

// The version a write names, for the request it makes: set around that one call, never remembered.
const requestedVersion = FiberRef.unsafeMake<string | undefined>(undefined)

/**
 * Makes the write send `If-Match: version`, so the server refuses it (412) when the record is no
 * longer the one read. The seed's endpoints do not declare the header, so it rides with the call
 * rather than in its arguments; without a version the write goes as the original client sends it.
 */
export const ifMatch =
  (version: string | undefined) =>
  <A, E, R>(write: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    version === undefined ? write : Effect.locally(write, requestedVersion, version)

/** The client side of `ifMatch`: a request made inside it carries the version it names. */
export const sendingVersions = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.mapRequestEffect(client, (request) =>
    Effect.map(FiberRef.get(requestedVersion), (version) => (version === undefined ? request : HttpClientRequest.setHeader(request, "if-match", version)))
  )

/** The versions a machine holds, by record, with one record's as just read (or without it, when it came with none). */
export const heldVersions = (versions: Readonly<Record<string, string>>, key: string, version: string | undefined): Readonly<Record<string, string>> => {
  const others = Object.fromEntries(Object.entries(versions).filter(([k]) => k !== key))
  return version === undefined ? others : { ...others, [key]: version }
}
