import type { HttpServerRequest } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect, Stream } from "effect"

/**
 * A streamed body that fails after its status was sent closes the connection instead of ending the
 * response: the platform would end it cleanly, and a client (the CLI writing casos.xlsx for a
 * scheduled job) would take the bytes so far for the whole file.
 */
export const cutOnFailure = <A, E, R>(request: HttpServerRequest.HttpServerRequest, body: Stream.Stream<A, E, R>) =>
  Stream.tapErrorCause(body, () => Effect.sync(() => NodeHttpServerRequest.toServerResponse(request).destroy()))
