import { HttpApiBuilder, HttpBody, type HttpApp, HttpServerResponse } from "@effect/platform"
import { Effect, Stream } from "effect"
import { Drain } from "./Drain.js"

/**
 * How soon a follower whose stream a stopping process ended comes back. By then the balancer has
 * seen the process not ready, so it lands on another one, and with `Last-Event-ID` it gets what
 * it missed from the event store.
 */
export const DRAIN_RETRY_MS = 500

const hint = new TextEncoder().encode(`retry: ${DRAIN_RETRY_MS}\n\n`)

/**
 * Ends every server-sent event stream (case and upload followers, case notices) when the process
 * stops taking requests, with a `retry:` hint last: an open stream would otherwise hold the
 * process until its client leaves. An API middleware, because it must see the response before
 * the server writes it.
 */
export const EndStreamsOnDrainLive = HttpApiBuilder.middleware(
  Effect.map(
    Drain,
    (drain) => (app: HttpApp.Default) =>
      Effect.map(app, (response) => {
        const body = response.body
        if (body._tag !== "Stream" || !body.contentType.startsWith("text/event-stream")) return response
        const ended = Stream.unwrap(Effect.map(drain.isClosing, (closing) => (closing ? Stream.make(hint) : Stream.empty)))
        return HttpServerResponse.setBody(
          response,
          HttpBody.stream(Stream.concat(Stream.interruptWhen(body.stream, drain.closing), ended), body.contentType, body.contentLength)
        )
      })
  )
)
