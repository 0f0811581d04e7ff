/**
 * The baseline: a bare node:http server that answers each path with the bytes
 * Palma returned for it. Runs as its own process (like Palma) so it does not
 * share autocannon's event loop. Protocol over IPC: the parent sends
 * `BareRoutes`, the child answers `{ port }` once listening on 127.0.0.1.
 */
import { createServer } from "node:http"

export interface BareRoute {
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly bodyBase64: string
}
export type BareRoutes = ReadonlyArray<BareRoute>

interface Prepared {
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
}

const serve = (routes: BareRoutes) => {
  const table = new Map<string, Prepared>(
    routes.map((route) => {
      const body = Buffer.from(route.bodyBase64, "base64")
      return [route.path, { headers: { ...route.headers, "content-length": String(body.length) }, body }]
    })
  )
  const server = createServer((req, res) => {
    const hit = req.method === "GET" ? table.get(req.url ?? "") : undefined
    if (!hit) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, hit.headers).end(hit.body)
  })
  server.listen(0, "127.0.0.1", () => {
    const address = server.address()
    if (typeof address === "object" && address) process.send?.({ port: address.port })
  })
  process.once("disconnect", () => process.exit(0))
  process.once("SIGTERM", () => process.exit(0))
}

process.once("message", (routes: BareRoutes) => serve(routes))
