import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Duration, Effect, Exit } from "effect"

/** What a request cut at the limit answers: the contract's `Unavailable` (503), which clients show as it is. */
const timedOut = (seconds: number) =>
  HttpServerResponse.unsafeJson(
    {
      _tag: "Unavailable",
      message: `La solicitud tardó más de ${seconds} s y se canceló. Intente de nuevo en unos minutos; si se repite, acote lo que pide.`
    },
    { status: 503 }
  )

/**
 * No request holds the server past `seconds`: its work is interrupted and it answers 503 in
 * Spanish. On PostgreSQL the interrupted statement is cancelled in the database too
 * (@effect/sql-pg sends a cancel request for it), so it does not go on running there. On PGlite
 * the statement runs in this thread and cannot be interrupted: a request is cut while it waits for
 * the one connection or between its statements, never in the middle of one.
 *
 * An upload (a multipart body) is not cut: its time is mostly the client's link. A response's
 * streamed body (server-sent events, a download) is written after the handler has answered, so
 * it is not cut either. An API middleware, inside the server's own error handling: a middleware
 * around it would answer after the platform had already written the interrupted request's 503.
 */
export const requestTimeoutLive = (seconds: number) =>
  HttpApiBuilder.middleware((app) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
      (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/")
        ? app
        : // As an exit: timeoutTo keeps what the request set on its fiber (a 429's Retry-After, added
          // before the response exists) only when it succeeds, so a failure is carried through as one.
          Effect.exit(app).pipe(
            Effect.timeoutTo({ duration: Duration.seconds(seconds), onSuccess: (exit) => exit, onTimeout: () => Exit.succeed(timedOut(seconds)) }),
            Effect.flatten
          )
    )
  )
