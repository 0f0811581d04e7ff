import { type HttpApp, HttpServerError, HttpServerRequest } from "@effect/platform"
import { type Cause, Effect } from "effect"
import { loggablePath } from "../log/scrub.js"
import { isProbe } from "../monitoring/probes.js"
import { describeDefect } from "./defects.js"
import { faultIdOf } from "./faultId.js"

const SLOW_MS = 1_000

/**
 * One line per request worth a line (method, scrubbed and bounded path, status, duration; never
 * the query, headers or bodies): server faults at ERROR with their fault id and a redacted cause;
 * client errors (unknown routes, refusals) and slow requests at INFO; every request with
 * PALMA_ACCESS_LOG=all. Logging each fast success would cost throughput under load. Health and
 * readiness probes are never logged (a load balancer asks every few seconds; Readiness logs when
 * the answer changes).
 */
export const accessLog =
  (options: { readonly all: boolean }) =>
  <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R | HttpServerRequest.HttpServerRequest> =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
      if (isProbe(request.url)) return app
      const started = Date.now()
      const line = (status: number) => `${request.method} ${loggablePath(request.url)} ${status} ${Date.now() - started}ms`
      const fault = (status: number, cause?: Cause.Cause<unknown>) =>
        Effect.logError(`${line(status)} código ${faultIdOf(request) ?? "-"}${cause ? ` — ${describeDefect(cause)}` : ""}`)
      return app.pipe(
        Effect.tap((response) =>
          response.status >= 500
            ? fault(response.status)
            : options.all || response.status >= 400 || Date.now() - started >= SLOW_MS
              ? Effect.logInfo(line(response.status))
              : Effect.void
        ),
        // A failure arrives here after the platform answered it: its status says whose problem it was.
        Effect.tapErrorCause((cause) => {
          const [response] = HttpServerError.causeResponseStripped(cause)
          return response.status >= 500 ? fault(response.status, cause) : Effect.logInfo(line(response.status))
        })
      )
    })
