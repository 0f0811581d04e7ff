import { HttpServerResponse } from "@effect/platform"
import { Duration, Stream } from "effect"
import type { CaseNotice } from "@palma/core/domain"

/** A comment line every so often keeps proxies from closing a quiet stream. */
const KEEP_ALIVE = Duration.seconds(25)

/**
 * Notices as server-sent events: `retry` first (the browser reconnects after 3 s), then one
 * `event: case|chat` per notice, with comments in between to keep the connection open.
 */
export const liveResponse = (notices: Stream.Stream<CaseNotice>) => {
  const events = notices.pipe(Stream.map((notice) => `event: ${notice.type}\ndata: ${JSON.stringify(notice)}\n\n`))
  const keepAlive = Stream.tick(KEEP_ALIVE).pipe(Stream.map(() => ": sigue\n\n"))
  return HttpServerResponse.stream(
    Stream.concat(Stream.make("retry: 3000\n\n"), Stream.merge(events, keepAlive, { haltStrategy: "either" })).pipe(Stream.encodeText),
    {
      contentType: "text/event-stream",
      headers: { "cache-control": "no-store", "x-accel-buffering": "no" }
    }
  )
}
