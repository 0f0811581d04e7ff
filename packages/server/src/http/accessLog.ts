import { type HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Cause, Effect } from "effect"
import { describeDefect } from "./defects.js"

/** Path segments that may carry personal data (a RUT, an email) never reach the log. */
const redact = (path: string) =>
  path
    .split("/")
    .map((segment) => (/\d{5,}|@|%40/.test(segment) ? ":redacted" : segment))
    .join("/")

const SLOW_MS = 1_000

/**
 * One line per request (method, redacted path, status, duration; no query,
 * headers or bodies) for failures and slow requests, or for every request with
 * PALMA_ACCESS_LOG=all: logging each fast success costs throughput under load.
 */
export const accessLog =
  (options: { readonly all: boolean }) =>
  <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R | HttpServerRequest.HttpServerRequest> =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const started = Date.now()
      const path = () => redact(new URL(request.url, "http://x").pathname)
      return yield* app.pipe(
        Effect.tap((response) => {
          const elapsed = Date.now() - started
          return options.all || response.status >= 500 || elapsed >= SLOW_MS
            ? Effect.logInfo(`${request.method} ${path()} ${response.status} ${elapsed}ms`)
            : Effect.void
        }),
        // Typed failures (400, 401, 404…) are answers, not faults; only defects become 500s worth an error line.
        Effect.tapErrorCause((cause) =>
          Cause.isDie(cause) ? Effect.logError(`${request.method} ${path()} falló ${Date.now() - started}ms — ${describeDefect(cause)}`) : Effect.void
        )
      )
    }).pipe((effect) => effect as Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest>)
