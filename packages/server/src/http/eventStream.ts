import { HttpServerResponse } from "@effect/platform"
import { Duration, Stream } from "effect"
import { type LivePosition, livePositionId, type Positioned } from "@palma/core/domain"

/** How long a client waits before reconnecting, told at the start of every stream (`retry:`). */
export const RETRY_MS = 3_000

/** A comment line every so often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE = Duration.seconds(25)

/** One server-sent event: its type, its JSON, and the store position it brings the follower to (its `id:`) when it has one. */
export interface ServerSentEvent {
  readonly event: string
  readonly data: unknown
  readonly position?: LivePosition
}

/** An event that brings a follower to `position`. */
export const positioned = <A>(event: string, sent: Positioned<A>): ServerSentEvent => ({ event, data: sent.event, position: sent.position })

const format = (event: ServerSentEvent) =>
  `event: ${event.event}\n${event.position === undefined ? "" : `id: ${livePositionId(event.position)}\n`}data: ${JSON.stringify(event.data)}\n\n`

/**
 * Events as text/event-stream: `retry` first (a dropped client reconnects after 3 s, sending the
 * last `id:` it got as `Last-Event-ID`), then the events, with comments in between to keep the
 * connection open; it ends when the events do.
 */
export const eventStreamResponse = <E>(events: Stream.Stream<ServerSentEvent, E>) => {
  const keepAlive = Stream.tick(KEEP_ALIVE).pipe(Stream.map(() => ": sigue\n\n"))
  return HttpServerResponse.stream(
    Stream.concat(Stream.make(`retry: ${RETRY_MS}\n\n`), Stream.merge(events.pipe(Stream.map(format)), keepAlive, { haltStrategy: "left" })).pipe(
      Stream.encodeText
    ),
    {
      contentType: "text/event-stream",
      headers: { "cache-control": "no-store", "x-accel-buffering": "no" }
    }
  )
}
