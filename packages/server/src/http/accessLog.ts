import { type HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { describeDefect } from "./defects.js"

/** Path segments that may carry personal data (a RUT, an email) never reach the log. */
const redact = (path: string) =>
  path
    .split("/")
    .map((segment) => (/\d{5,}|@|%40/.test(segment) ? ":redacted" : segment))
    .join("/")

/** One line per request: method, redacted path, status, duration. No query, headers or bodies. */
export const accessLog = <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const started = Date.now()
    const path = redact(new URL(request.url, "http://x").pathname)
    return yield* app.pipe(
      Effect.tap((response) =>
        Effect.logInfo(`${request.method} ${path} ${response.status} ${Date.now() - started}ms`)
      ),
      Effect.tapErrorCause((cause) =>
        Effect.logError(`${request.method} ${path} falló ${Date.now() - started}ms — ${describeDefect(cause)}`)
      )
    )
  }).pipe((effect) => effect as Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest>)
