import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { TestProject } from "vitest/node"
import { buildTemplate } from "./template.js"
import { type RunningServer, startServerFrom } from "./testServer.js"

declare module "vitest" {
  export interface ProvidedContext {
    /** Where tests in a browser-like environment ask for a real server of their own. */
    palmaServerPool: string
  }
}

/**
 * Vitest's global setup, once per run for every project: it builds the template database the
 * in-process test servers clone (template.ts), and serves tests that run in a browser-like
 * environment (the web's happy-dom), where the server's Node-only parts (PGlite's WASM loader)
 * cannot run. Their real servers live here, in
 * the main Node process, each on its own clone of the template: `POST /servers` (optional JSON
 * body `{env}`: Clerk mode, token lifetime…) starts one and answers `{url}`,
 * `DELETE /servers/<port>` stops it. Loopback only.
 */
export default async function setup(project: TestProject) {
  const { template, remove } = await buildTemplate()
  project.provide("palmaTemplate", template)
  const servers = new Map<string, RunningServer>()
  const stopping: Array<Promise<void>> = []
  const pool = createServer((request, response) => {
    // The page's origin differs from the pool's: a simple CORS answer lets happy-dom's fetch through.
    response.setHeader("access-control-allow-origin", "*")
    response.setHeader("access-control-allow-methods", "POST, DELETE")
    response.setHeader("access-control-allow-headers", "content-type")
    if (request.method === "OPTIONS") return response.end()
    const answer = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json" })
      response.end(JSON.stringify(body))
    }
    if (request.method === "POST" && request.url === "/servers") {
      let text = ""
      request.setEncoding("utf8").on("data", (chunk: string) => (text += chunk))
      request.on("end", () => {
        const env = text === "" ? {} : ((JSON.parse(text) as { env?: Record<string, string> }).env ?? {})
        startServerFrom(template, { env }).then(
          (server) => {
            servers.set(new URL(server.url).port, server)
            answer(200, { url: server.url })
          },
          (error: unknown) => answer(500, { message: String(error) })
        )
      })
      return
    }
    const port = /^\/servers\/(\d+)$/.exec(request.url ?? "")?.[1]
    const server = port === undefined ? undefined : servers.get(port)
    if (request.method === "DELETE" && server !== undefined) {
      // Answered at once: closing waits for the page's keep-alive connections, which nobody needs to wait for.
      servers.delete(port!)
      stopping.push(server.stop())
      answer(200, {})
      return
    }
    answer(404, {})
  })
  await new Promise<void>((resolve) => pool.listen(0, "127.0.0.1", resolve))
  project.provide("palmaServerPool", `http://127.0.0.1:${(pool.address() as AddressInfo).port}`)
  return async () => {
    await Promise.all([...stopping, ...[...servers.values()].map((server) => server.stop())])
    await new Promise((resolve) => pool.close(resolve))
    remove()
  }
}
