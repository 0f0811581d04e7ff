import { NodeHttpServer } from "@effect/platform-node"
import { Context, Effect, Layer, Option } from "effect"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import { Metrics } from "./Metrics.js"
import { routeTemplateOf } from "./routeTemplate.js"

const methods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])

/** Any other word a client sends as method is one label, not one each. */
const methodLabel = (method: string | undefined) => (method !== undefined && methods.has(method) ? method : "OTHER")

/** When a measured response's request came, kept on the response: no closure and no listener wrapper per request. */
const startedKey = Symbol("palma/requestStarted")

interface Timed {
  [startedKey]: number
}

/**
 * Counts every request the Node server takes by method, route template (`unmatched` when no route
 * took it) and the status it sent (499 when the client left before any), times it until the
 * response is written (a live stream: until it closes), and keeps the number in flight. On Node's
 * own events rather than in an Effect middleware: what the client got, whatever part of the
 * server answered, at no cost to the request's fiber. One listener function for every response.
 */
const measureRequests = (server: Server, metrics: typeof Metrics.Service): Server => {
  // Node calls a listener with its emitter as `this`; the property is the one set below.
  function ended(this: ServerResponse & Timed) {
    const status = this.headersSent ? this.statusCode : 499
    metrics.requestEnded(methodLabel(this.req.method), routeTemplateOf(this.req), status, (performance.now() - this[startedKey]) / 1000)
  }
  return server.on("request", (_request: IncomingMessage, response: ServerResponse) => {
    // A property Palma adds to Node's response, read back only by `ended`.
    ;(response as ServerResponse & Timed)[startedKey] = performance.now()
    metrics.requestStarted()
    response.on("close", ended)
  })
}

/**
 * How long an idle kept-alive connection stays open. Longer than a client's or a balancer's own
 * idle limit (Node's fetch: the server's hint less 1 s; HAProxy's `timeout http-keep-alive`), so
 * the client is the one to close it: with Node's 5 s, a request sent on a connection as the
 * server's timer closed it was reset (ECONNRESET), which a process busy for a few seconds made
 * likely.
 */
const KEEP_ALIVE_MS = 65_000

const keptAlive = (server: Server): Server => Object.assign(server, { keepAliveTimeout: KEEP_ALIVE_MS })

/** The Node HTTP server itself, for what the platform's `HttpServer` does not do: stop listening while requests finish (drain). */
export class NodeServer extends Context.Tag("palma/NodeServer")<NodeServer, Server>() {}

/**
 * When the server's scope closes, the connections still open are cut before the platform closes
 * the server and waits for them: by then a stopping process has drained (its requests finished),
 * and a connection its client left open (a follower's stream aborted through fetch) would hold the
 * stop for the whole keep-alive, 65 s.
 */
const cutOnClose = (server: Server) => Layer.scopedDiscard(Effect.addFinalizer(() => Effect.sync(() => server.closeAllConnections())))

/** The Node HTTP server on `port`, its requests measured when metrics are on. */
export const nodeServerLayer = (port: number) =>
  Layer.unwrapEffect(
    Effect.gen(function* () {
      const metrics = yield* Effect.serviceOption(Metrics)
      const server = Option.match(metrics, { onNone: () => keptAlive(createServer()), onSome: (on) => measureRequests(keptAlive(createServer()), on) })
      // Built after the platform's server, so released before it.
      return cutOnClose(server).pipe(
        Layer.provideMerge(
          Layer.merge(
            NodeHttpServer.layer(() => server, { port }),
            Layer.succeed(NodeServer, server)
          )
        )
      )
    })
  )
