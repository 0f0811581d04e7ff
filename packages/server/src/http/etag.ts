import { HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import type { Precondition, Versioned } from "../domain/version.js"

/** `"7"` or `W/"7"`: the only tags Palma hands out are row versions. */
const TAG = /^(?:W\/)?"(\d{1,9})"$/

/** Reads `If-Match` (RFC 9110 §13.1.1): absent, `*`, or a list of tags; a tag Palma did not issue matches nothing. */
export const parseIfMatch = (header: string | undefined): Precondition => {
  if (header === undefined) return undefined
  if (header.trim() === "*") return "any"
  return header.split(",").flatMap((part) => {
    const match = TAG.exec(part.trim())
    return match ? [Number(match[1])] : []
  })
}

/** The request's `If-Match`, for a handler to pass to its service's write. */
export const ifMatch: Effect.Effect<Precondition, never, HttpServerRequest.HttpServerRequest> = Effect.map(HttpServerRequest.HttpServerRequest, (request) =>
  parseIfMatch(request.headers["if-match"])
)

export const etagOf = (version: number): string => `"${version}"`

/**
 * Answers the row and puts its version in the response's `ETag`. `no-store` too: a validator
 * invites caches to keep the answer, and a record read from a cache would come with a version
 * that is no longer the server's (and personal data has no business in shared caches).
 */
export const answerVersioned = <A>({ row, version }: Versioned<A>): Effect.Effect<A> =>
  Effect.as(
    HttpApp.appendPreResponseHandler((_, response) =>
      Effect.succeed(HttpServerResponse.setHeaders(response, { etag: etagOf(version), "cache-control": "no-store" }))
    ),
    row
  )
