import { HttpApiBuilder, type HttpApp, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Cause, Duration, Effect, Exit } from "effect"
import { Drain } from "../drain/Drain.js"
import { isDatabaseRestart, isStatementTimeout } from "../sql/statementTimeout.js"

/** The contract's `Unavailable` (503), which clients show as it is. */
const unavailable = (message: string) => HttpServerResponse.unsafeJson({ _tag: "Unavailable", message }, { status: 503 })

/** What a request cut at the limit answers. */
const timedOut = (seconds: number) =>
  unavailable(`La solicitud tardó más de ${seconds} s y se canceló. Intente de nuevo en unos minutos; si se repite, acote lo que pide.`)

/** What a request whose database statement was cut at its limit answers (PALMA_STATEMENT_TIMEOUT_SECONDS). */
const statementCut = (seconds: number) => unavailable(`La consulta tardó más de ${seconds} s y se canceló. Intente de nuevo; si se repite, acote la búsqueda.`)

/** What a request whose statement was cut because the process stops answers (the drain). */
const stopCut = unavailable("El servidor se está cerrando y canceló la consulta. Intente de nuevo en unos segundos.")

/** What a request whose database ended under its statement answers (the embedded database's thread crashed and is opened again). */
const restarted = unavailable("La base de datos se detuvo en medio de la consulta y se está abriendo de nuevo. Intente de nuevo en unos segundos.")

/**
 * A request that failed because the database cut its statement, or ended under it, answers that
 * instead of an unexpected error (500). A cut once the process stops taking requests is the drain's.
 */
const answerCutStatements =
  (seconds: number, closing: boolean) =>
  <E>(exit: Exit.Exit<HttpServerResponse.HttpServerResponse, E>): Exit.Exit<HttpServerResponse.HttpServerResponse, E> => {
    if (Exit.isSuccess(exit) || Cause.isInterruptedOnly(exit.cause)) return exit
    const error = Cause.squash(exit.cause)
    if (isStatementTimeout(error)) return Exit.succeed(closing ? stopCut : statementCut(seconds))
    return isDatabaseRestart(error) ? Exit.succeed(restarted) : exit
  }

/** `answerCutStatements` as the process stands when the request ends. */
const answeringCuts =
  (seconds: number, drain: Drain["Type"]) =>
  <E>(exit: Exit.Exit<HttpServerResponse.HttpServerResponse, E>) =>
    Effect.map(drain.isClosing, (closing) => answerCutStatements(seconds, closing)(exit))

/**
 * No request holds the server past `seconds`: its work is interrupted and it answers 503 in
 * Spanish. On PostgreSQL the interrupted statement is cancelled in the database too
 * (@effect/sql-pg sends a cancel request for it), so it does not go on running there. On PGlite
 * a statement cannot be interrupted: a request is cut while it waits for the one connection or
 * between its statements, and one in the middle of a statement answers when that statement ends
 * or is cut at its own limit. A request whose statement the database cut at that limit
 * (`statementSeconds`, either database), or because the process stops, or whose embedded database
 * ended under it, answers 503 in Spanish too, not an unexpected error.
 *
 * An upload (a multipart body) is not cut: its time is mostly the client's link. A response's
 * streamed body (server-sent events, a download) is written after the handler has answered, so
 * it is not cut either. An API middleware, inside the server's own error handling: a middleware
 * around it would answer after the platform had already written the interrupted request's 503.
 */
export const requestTimeoutLive = (seconds: number, statementSeconds: number) =>
  HttpApiBuilder.middleware(
    Effect.map(
      Drain,
      (drain) => (app: HttpApp.Default) =>
        Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
          // As an exit: timeoutTo keeps what the request set on its fiber (a 429's Retry-After, added
          // before the response exists) only when it succeeds, so a failure is carried through as one.
          (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/")
            ? Effect.flatten(Effect.flatMap(Effect.exit(app), answeringCuts(statementSeconds, drain)))
            : Effect.exit(app).pipe(
                Effect.timeoutTo({
                  duration: Duration.seconds(seconds),
                  onSuccess: answeringCuts(statementSeconds, drain),
                  onTimeout: () => Effect.succeed(Exit.succeed(timedOut(seconds)))
                }),
                Effect.flatten,
                Effect.flatten
              )
        )
    )
  )
