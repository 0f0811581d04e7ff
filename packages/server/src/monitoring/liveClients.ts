import { HttpApiBuilder, HttpBody, HttpServerResponse } from "@effect/platform"
import { Effect, Layer, Option, Stream } from "effect"
import { Metrics } from "./Metrics.js"

/** A server-sent event stream, counted from its first byte until it ends or its client leaves. */
const countedWhileOpen = (metrics: typeof Metrics.Service, response: HttpServerResponse.HttpServerResponse) => {
  const body = response.body
  if (body._tag !== "Stream" || !body.contentType.startsWith("text/event-stream")) return response
  const open = Effect.acquireRelease(Effect.sync(metrics.liveClientOpened), () => Effect.sync(metrics.liveClientClosed))
  return HttpServerResponse.setBody(response, HttpBody.stream(Stream.unwrapScoped(Effect.as(open, body.stream)), body.contentType, body.contentLength))
}

/**
 * Counts the open server-sent event streams (case and upload followers) when metrics are on. An
 * API middleware, because it must see the response before the server writes it: the server's own
 * middlewares (the access log, `requestMetrics`) get it back only once written.
 */
export const LiveClientsLive = Layer.unwrapEffect(
  Effect.map(
    Effect.serviceOption(Metrics),
    Option.match({
      onNone: () => Layer.empty,
      onSome: (metrics) => HttpApiBuilder.middleware((app) => Effect.map(app, (response) => countedWhileOpen(metrics, response)))
    })
  )
)
