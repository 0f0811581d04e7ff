/**
 * The baseline: a bare node:http server that answers each path with the bytes
 * Palma returned for it. Runs as its own process (like Palma) so it does not
 * share autocannon's event loop; its IPC protocol is referenceChild.ts's.
 */
import { createServer } from "node:http"
import { type BareRoutes, serveParentRoutes } from "./referenceChild.ts"

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
  return server.listen(0, "127.0.0.1")
}

serveParentRoutes(serve)
