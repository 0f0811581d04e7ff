/** One server-sent event as EventSource dispatches it: its type, its data, and the last `id:` seen by then. */
export interface StreamEvent {
  readonly type: string
  readonly data: string
  readonly lastEventId: string
}

/**
 * The text/event-stream format, read as the HTML standard's EventSource reads it, fed in chunks
 * cut anywhere: lines end in LF, CR or CRLF; `data:` lines join with LF; an event's `id:` becomes
 * the last event id when the event ends, even one without data (which is not dispatched), and holds
 * until the next; `retry:` sets the wait before reconnecting; comments and unknown fields are
 * ignored. `restart` drops what a broken connection left half-read and keeps the last event id.
 */
export const eventStreamParser = (on: { readonly event: (event: StreamEvent) => void; readonly retry: (ms: number) => void }) => {
  let pending = ""
  let sawCr = false
  let type = ""
  let data = ""
  let id: string | undefined
  let lastEventId = ""
  const dispatch = () => {
    if (id !== undefined) lastEventId = id
    const event = { type: type === "" ? "message" : type, data: data.slice(0, -1), lastEventId }
    const hadData = data !== ""
    type = ""
    data = ""
    if (hadData) on.event(event)
  }
  const line = (text: string) => {
    if (text === "") return dispatch()
    if (text.startsWith(":")) return
    const colon = text.indexOf(":")
    const field = colon === -1 ? text : text.slice(0, colon)
    const raw = colon === -1 ? "" : text.slice(colon + 1)
    const value = raw.startsWith(" ") ? raw.slice(1) : raw
    if (field === "event") type = value
    else if (field === "data") data += `${value}\n`
    else if (field === "id" && !value.includes("\0")) id = value
    else if (field === "retry" && /^\d+$/.test(value)) on.retry(Number(value))
  }
  return {
    feed: (chunk: string) => {
      for (const char of chunk) {
        // A CRLF pair is one line end, even when a chunk ends between the two.
        if (sawCr && char === "\n") {
          sawCr = false
          continue
        }
        sawCr = char === "\r"
        if (char === "\r" || char === "\n") {
          line(pending)
          pending = ""
        } else pending += char
      }
    },
    restart: () => {
      pending = ""
      sawCr = false
      type = ""
      data = ""
      id = undefined
    },
    /** The id to resume after, sent back as `Last-Event-ID`; "" before any. */
    lastEventId: () => lastEventId
  }
}

/** How a host opens the stream: with the id to resume after, if any, and a signal that closes it. */
export type OpenEventStream = (lastEventId: string | undefined, signal: AbortSignal) => Promise<Response>

export interface EventStreamHandlers {
  readonly event: (event: StreamEvent) => void
  /** The stream opened (true) or dropped (false). */
  readonly connected?: (connected: boolean) => void
}

/** The wait before reconnecting until the server says otherwise (`retry:`), as browsers do. */
const DEFAULT_RETRY_MS = 3_000

/**
 * Follows a server-sent event stream as EventSource does, for a host without one (the CLI, in
 * Node): when the connection drops or ends, it reconnects after the server's `retry:` with the last
 * `id:` it saw as `Last-Event-ID`, so the server sends what was missed and nothing twice, from any
 * process behind the same address. A 204 answer ends it (the server has nothing more to send); any
 * other failure (network, 5xx, a proxy with no server behind) is retried the same way. Answers how
 * to stop.
 */
export const followEventStream = (open: OpenEventStream, on: EventStreamHandlers): (() => void) => {
  const controller = new AbortController()
  let retryMs = DEFAULT_RETRY_MS
  const parser = eventStreamParser({ event: on.event, retry: (ms) => (retryMs = ms) })
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, retryMs)
      controller.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true })
    })
  const read = async (body: ReadableStream<Uint8Array>) => {
    parser.restart()
    const decoder = new TextDecoder()
    const reader = body.getReader()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      parser.feed(decoder.decode(value, { stream: true }))
    }
  }
  const run = async () => {
    while (!controller.signal.aborted) {
      try {
        const response = await open(parser.lastEventId() || undefined, controller.signal)
        if (response.status === 204) return
        if (response.ok && response.body !== null) {
          on.connected?.(true)
          await read(response.body)
        } else await response.body?.cancel()
      } catch {
        // A dropped connection: reconnect after the wait, from the last id seen.
      }
      if (controller.signal.aborted) return
      on.connected?.(false)
      await pause()
    }
  }
  void run()
  return () => controller.abort()
}
