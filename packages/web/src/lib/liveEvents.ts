/** The first wait before making a closed EventSource anew (the server's `retry:`); it doubles up to MAX_WAIT_MS. */
const FIRST_WAIT_MS = 3_000
/** A session that ended (401) closes it too: past this, it asks again only every half minute. */
const MAX_WAIT_MS = 30_000

/**
 * A live stream through the browser's EventSource: same origin, so the session cookie
 * authenticates it. When the connection drops, EventSource reconnects by itself sending the last
 * `id:` it got as `Last-Event-ID`, and the server (any process) sends what was missed. When the
 * browser gives up instead (an answer other than the stream: a balancer's 503 mid-failover), it
 * is made anew after a wait from that same id, in the query (an EventSource cannot set headers):
 * never from scratch, which would skip what happened meanwhile. `listeners` by event type get each
 * event's data. Answers how to stop.
 */
export const followLive = (
  path: string,
  listeners: Readonly<Record<string, (data: string) => void>>,
  onConnected: (connected: boolean) => void = () => undefined
): (() => void) => {
  let lastEventId = ""
  let source: EventSource | undefined
  let timer: ReturnType<typeof setTimeout> | undefined
  let wait = FIRST_WAIT_MS
  const track = (event: MessageEvent<string>) => {
    if (event.lastEventId !== "") lastEventId = event.lastEventId
  }
  const connect = () => {
    const url = lastEventId === "" ? path : `${path}${path.includes("?") ? "&" : "?"}last_event_id=${encodeURIComponent(lastEventId)}`
    const current = new EventSource(url)
    source = current
    // Where a case's stream starts: its id counts even when nothing else comes before a drop.
    current.addEventListener("position", track)
    for (const [type, listener] of Object.entries(listeners)) {
      current.addEventListener(type, (event: MessageEvent<string>) => {
        track(event)
        listener(event.data)
      })
    }
    current.addEventListener("open", () => {
      wait = FIRST_WAIT_MS
      onConnected(true)
    })
    current.addEventListener("error", () => {
      onConnected(false)
      if (current.readyState !== EventSource.CLOSED) return
      timer = setTimeout(connect, wait)
      wait = Math.min(wait * 2, MAX_WAIT_MS)
    })
  }
  connect()
  return () => {
    clearTimeout(timer)
    source?.close()
  }
}
