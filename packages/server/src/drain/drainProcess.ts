import { Duration, Effect, Fiber } from "effect"
import type { Server } from "node:http"
import { Readiness } from "../monitoring/Readiness.js"
import { NodeServer } from "../monitoring/requestMetrics.js"
import { RunningStatements } from "../sql/RunningStatements.js"
import { Drain } from "./Drain.js"

/** How often, while requests finish, connections kept alive between requests are closed once idle. */
const IDLE_CHECK = 100

/** Stops listening and waits until every connection is closed: requests in flight finish, idle kept-alive connections are closed. */
const stopListening = (server: Server) =>
  Effect.async<void>((resume) => {
    // Node closes the idle ones when asked to close, but not those busy then and idle later.
    const idle = setInterval(() => server.closeIdleConnections(), IDLE_CHECK)
    server.close(() => {
      clearInterval(idle)
      resume(Effect.void)
    })
    return Effect.sync(() => clearInterval(idle))
  })

/**
 * How a process asked to stop (SIGTERM, SIGINT) leaves without failing anyone: at once it is not
 * ready (`/readyz` 503, so a balancer stops sending it requests) and the upload worker gives its
 * job up to another process; for `seconds` it still serves whatever the balancer sends before it
 * notices; then it stops listening, ends live streams with a `retry:` hint (their clients come
 * back through the balancer to another process), cuts the database statements still running (a
 * long one would hold the process up to PALMA_STATEMENT_TIMEOUT_SECONDS; its request answers 503)
 * and waits for the requests in flight.
 */
export const drainProcess = (seconds: number) =>
  Effect.gen(function* () {
    const readiness = yield* Readiness
    const drain = yield* Drain
    const server = yield* NodeServer
    yield* readiness.drain
    yield* drain.start
    yield* Effect.logInfo(`Palma se está cerrando: deja de aceptar solicitudes en ${seconds} s`)
    yield* Effect.sleep(Duration.seconds(seconds))
    yield* drain.close
    const stopped = yield* Effect.fork(stopListening(server))
    yield* Effect.flatMap(Effect.serviceOption(RunningStatements), (running) => (running._tag === "Some" ? running.value.cut : Effect.void))
    yield* Fiber.join(stopped)
    yield* Effect.logInfo("Palma dejó de aceptar solicitudes y terminó las que tenía en curso")
  })
