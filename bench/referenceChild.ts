/**
 * The child side of the reference servers (bareServer.ts, effectServer.ts): the parent sends
 * `BareRoutes` over IPC, the child answers `{ port }` once listening on 127.0.0.1, and exits when
 * the parent goes.
 */
import type { Server } from "node:http"

export interface BareRoute {
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly bodyBase64: string
}
export type BareRoutes = ReadonlyArray<BareRoute>

/** Serves the routes the parent sends with `serve`, which returns the server it starts. */
export const serveParentRoutes = (serve: (routes: BareRoutes) => Server) => {
  process.once("disconnect", () => process.exit(0))
  process.once("SIGTERM", () => process.exit(0))
  process.once("message", (routes: BareRoutes) => {
    const server = serve(routes)
    server.once("listening", () => {
      const address = server.address()
      if (typeof address === "object" && address) process.send?.({ port: address.port })
    })
  })
}
