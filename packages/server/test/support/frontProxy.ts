import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http"
import type { AddressInfo } from "node:net"
import { eventStreamParser } from "@palma/core"

/** A live stream's request as it passed through: the path and the `Last-Event-ID` it resumed from, if any. */
export interface LiveRequest {
  readonly path: string
  readonly lastEventId: string | undefined
  /** What the proxy answered: the server's status, or 503 when it refused it. */
  status: number
  /** The last event id the client got on this connection (complete events only, as it reads them). */
  forwardedId: string
}

/**
 * Stands where a load balancer does, in front of real Palma servers: every request goes through as
 * it came, to the server chosen now. What a test does with it is what a failover does to clients:
 * cut the live streams open through it (a process killed, a network gone), answer the next ones
 * 503 (no server up behind it), send what comes next to another server. It records each live
 * request, with the `Last-Event-ID` the client resumed from.
 */
export const startFrontProxy = async (target: string) => {
  let backend = new URL(target)
  let refusing = 0
  let held: Promise<void> | undefined
  let cutAfter: number | undefined
  const open = new Set<() => void>()
  const live: LiveRequest[] = []

  const isLive = (req: IncomingMessage) => /\/live(\?|$)/.test(req.url ?? "")

  const forwardLive = (up: IncomingMessage, res: ServerResponse, record: LiveRequest, drop: () => void) => {
    let complete = 0
    const parser = eventStreamParser({ event: () => (complete += 1), retry: () => undefined })
    const decoder = new TextDecoder()
    up.on("data", (chunk: Buffer) => {
      parser.feed(decoder.decode(chunk, { stream: true }))
      record.forwardedId = parser.lastEventId()
      const cutNow = cutAfter !== undefined && complete >= cutAfter
      if (cutNow) cutAfter = undefined
      // Cut once the client has the bytes: a dying server's last words reach it, then nothing.
      res.write(chunk, () => (cutNow ? drop() : undefined))
    })
    up.on("end", () => res.end())
  }

  const server = createServer((req, res) => {
    const record: LiveRequest | undefined = isLive(req)
      ? { path: req.url ?? "", lastEventId: req.headers["last-event-id"] as string | undefined, status: 0, forwardedId: "" }
      : undefined
    if (record !== undefined) live.push(record)
    if (record !== undefined && refusing > 0) {
      refusing -= 1
      record.status = 503
      res.writeHead(503, { "content-type": "text/plain" }).end("Sin servidor disponible")
      return
    }
    const forward = () => {
      const upstream = request(
        { host: backend.hostname, port: backend.port, path: req.url, method: req.method, headers: { ...req.headers, host: backend.host } },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers)
          if (record === undefined) return void up.pipe(res)
          record.status = up.statusCode ?? 0
          const drop = () => {
            open.delete(drop)
            up.destroy()
            // Closed as a killed process's sockets are: what was sent stays readable, the stream ends unfinished.
            res.socket?.end()
          }
          open.add(drop)
          // A client gone (a closed tab): its stream on the server goes too, as behind a real balancer.
          res.on("close", drop)
          forwardLive(up, res, record, drop)
        }
      )
      upstream.on("error", () => res.destroy())
      req.pipe(upstream)
    }
    if (record !== undefined && held !== undefined) void held.then(forward)
    else forward()
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  return {
    url,
    /** Every live request so far, in order. */
    live: (): ReadonlyArray<LiveRequest> => live,
    /** Drops every live stream open through the proxy now. */
    cut: () => [...open].forEach((drop) => drop()),
    /** Drops the next live stream once it has forwarded `events` complete events. */
    cutAfter: (events: number) => (cutAfter = events),
    /** Answers the next `n` live requests 503, as a balancer with no server up does. */
    refuse: (n: number) => (refusing = n),
    /** Keeps the next live requests waiting (a client trying to come back) until the answer is called. */
    hold: () => {
      let release: () => void = () => undefined
      held = new Promise<void>((resolve) => (release = resolve))
      return () => {
        held = undefined
        release()
      }
    },
    /** Sends what comes next to another server. */
    switchTo: (next: string) => (backend = new URL(next)),
    stop: () =>
      new Promise<void>((resolve) => {
        open.forEach((drop) => drop())
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}

export type FrontProxy = Awaited<ReturnType<typeof startFrontProxy>>
