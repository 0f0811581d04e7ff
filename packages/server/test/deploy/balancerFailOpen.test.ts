import { describe, expect, inject, it } from "vitest"
import { haproxyBin, startBalancer } from "../support/balancer.js"
import { untilReadyz } from "../support/readyz.js"
import { freePort, startServerProcess } from "../support/serverProcess.js"
import { until } from "../support/until.js"

/**
 * deploy/haproxy.cfg when no process passes `/readyz`. Under a heavy load a busy process's check
 * ran past its timeout and HAProxy took the last process out, so every client got HAProxy's 503
 * while Palma could still answer. Here the only process behind it stops being ready (a SIGTERM
 * with a drain longer than the test) and keeps answering: HAProxy must send it the requests.
 */
describe("HAProxy in front of processes none of which is ready (deploy/)", () => {
  it("sends the requests to the processes that still answer rather than answering 503 itself", { timeout: 120_000 }, async (context) => {
    if (!haproxyBin) return context.skip("Sin haproxy: instálelo (apt-get install haproxy) para correr esta prueba")
    const server = await startServerProcess({ template: inject("palmaTemplate"), env: { PALMA_DRAIN_SECONDS: "3600" } })
    const lbPort = await freePort()
    const lb = `http://127.0.0.1:${lbPort}`
    const balancer = startBalancer(`127.0.0.1:${lbPort}`, [new URL(server.url).host])
    try {
      await untilReadyz(lb, 200)
      process.kill(server.pid!, "SIGTERM")
      await untilReadyz(server.url, 503)

      // Once HAProxy's checks have marked the process down, the request reaches it by the fail-open way.
      const answered = await until("respondida por el proceso que sigue vivo", async () => {
        const response = await fetch(`${lb}/api/auth/config`, { headers: { connection: "close" } })
        return response.headers.get("x-palma-server")?.startsWith("alive") ? response : undefined
      })
      expect(answered.status).toBe(200)
      expect(balancer.output()).toMatch(/palma\/palma1 is DOWN/)
    } finally {
      await balancer.stop()
      // A second signal ends the drain at once.
      await server.stop()
    }
  })
})
