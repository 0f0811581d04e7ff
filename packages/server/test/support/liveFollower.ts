import { eventStreamParser, type StreamEvent } from "@palma/core"

/** One connection to a live stream, read as EventSource reads it (core's parser), an event at a time. */
export interface LiveConnection {
  readonly status: number
  readonly headers: Headers
  /** The next `n` events; fails if the stream ends first. */
  readonly take: (n: number) => Promise<ReadonlyArray<StreamEvent>>
  /** Every event until the server ends the stream. */
  readonly rest: () => Promise<ReadonlyArray<StreamEvent>>
  /** The `retry:` the stream asked for, once read. */
  readonly retry: () => number | undefined
  /** Drops the connection, as a network failure or a closed tab does. */
  readonly drop: () => void
}

/**
 * Opens `path` on `baseUrl` as a follower: with the bearer, and `Last-Event-ID` when resuming (or
 * in the query, as a remade EventSource sends it). Only the connection is the test's: the events
 * are the server's, read by the same parser the CLI's follower uses.
 */
export const openLive = async (baseUrl: string, path: string, options: { readonly token: string; readonly lastEventId?: string }): Promise<LiveConnection> => {
  const controller = new AbortController()
  const response = await fetch(`${baseUrl}${path}`, {
    headers: { authorization: `Bearer ${options.token}`, ...(options.lastEventId === undefined ? {} : { "last-event-id": options.lastEventId }) },
    signal: controller.signal
  })
  const queue: StreamEvent[] = []
  let retry: number | undefined
  const parser = eventStreamParser({ event: (event) => queue.push(event), retry: (ms) => (retry = ms) })
  const reader = response.body?.getReader()
  const decoder = new TextDecoder()
  /** Reads one more chunk; false when the stream ended. */
  const more = async () => {
    if (reader === undefined) return false
    const { value, done } = await reader.read()
    if (done) return false
    parser.feed(decoder.decode(value, { stream: true }))
    return true
  }
  return {
    status: response.status,
    headers: response.headers,
    take: async (n) => {
      while (queue.length < n) if (!(await more())) throw new Error(`El stream terminó con ${queue.length} de ${n} eventos: ${JSON.stringify(queue)}`)
      return queue.splice(0, n)
    },
    rest: async () => {
      while (await more());
      return queue.splice(0)
    },
    retry: () => retry,
    drop: () => controller.abort()
  }
}
