import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Cause, Duration, Effect, Exit } from "effect"
import { isStatementTimeout } from "../sql/statementTimeout.js"

/** The contract's `Unavailable` (503), which clients show as it is. */
const unavailable = (message: string) => HttpServerResponse.unsafeJson({ _tag: "Unavailable", message }, { status: 503 })

/** What a request cut at the limit answers. */
const timedOut = (seconds: number) =>
  unavailable(`La solicitud tardó más de ${seconds} s y se canceló. Intente de nuevo en unos minutos; si se repite, acote lo que pide.`)

/** What a request whose database statement was cut at its limit answers (PALMA_STATEMENT_TIMEOUT_SECONDS). */
const statementCut = (seconds: number) => unavailable(`La consulta tardó más de ${seconds} s y se canceló. Intente de nuevo; si se repite, acote la búsqueda.`)

/** A request that failed because the database cut its statement answers that, instead of an unexpected error (500). */
const answerCutStatements =
  (seconds: number) =>
  <E>(exit: Exit.Exit<HttpServerResponse.HttpServerResponse, E>): Exit.Exit<HttpServerResponse.HttpServerResponse, E> =>
    Exit.isFailure(exit) && !Cause.isInterruptedOnly(exit.cause) && isStatementTimeout(Cause.squash(exit.cause)) ? Exit.succeed(statementCut(seconds)) : exit

/**
 * No request holds the server past `seconds`: its work is interrupted and it answers 503 in
 * Spanish. On PostgreSQL the interrupted statement is cancelled in the database too
 * (@effect/sql-pg sends a cancel request for it), so it does not go on running there. On PGlite
 * a statement cannot be interrupted: a request is cut while it waits for the one connection or
 * between its statements, and one in the middle of a statement answers when that statement ends
 * or is cut at its own limit. A request whose statement the database cut at that limit
 * (`statementSeconds`, either database) answers 503 in Spanish too, not an unexpected error.
 *
 * An upload (a multipart body) is not cut: its time is mostly the client's link. A response's
 * streamed body (server-sent events, a download) is written after the handler has answered, so
 * it is not cut either. An API middleware, inside the server's own error handling: a middleware
 * around it would answer after the platform had already written the interrupted request's 503.
 */
export const requestTimeoutLive = (seconds: number, statementSeconds: number) =>
  HttpApiBuilder.middleware((app) =>
    Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
      // As an exit: timeoutTo keeps what the request set on its fiber (a 429's Retry-After, added
      // before the response exists) only when it succeeds, so a failure is carried through as one.
      (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/")
        ? Effect.flatten(Effect.map(Effect.exit(app), answerCutStatements(statementSeconds)))
        : Effect.exit(app).pipe(
            Effect.timeoutTo({
              duration: Duration.seconds(seconds),
              onSuccess: answerCutStatements(statementSeconds),
              onTimeout: () => Exit.succeed(timedOut(seconds))
            }),
            Effect.flatten
          )
    )
  )
