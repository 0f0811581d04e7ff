import { request } from "node:http"
import { connect } from "node:net"
import { rmSync } from "node:fs"
import { describe, expect, inject, it } from "vitest"
import type { Call } from "@palma/core"
import { DRAIN_RETRY_MS } from "../../src/drain/endStreamsOnDrain.js"
import { clientAs, demo, signIn } from "../support/api.js"
import { openLive } from "../support/liveFollower.js"
import { psql, psqlRow } from "../support/psql.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { untilReadyz } from "../support/readyz.js"
import { startServerProcess } from "../support/serverProcess.js"
import { until } from "../support/until.js"

/**
 * Issue 33 §3 on the built server, as an orchestrator stops it: SIGTERM, then waiting for the
 * process to leave. PALMA_DRAIN_SECONDS is short; nothing here measures time, every wait is for
 * something the process does.
 */
const databaseUrl = process.env.DATABASE_URL

/** Whether a new connection to the server's port is refused (it stopped listening). */
const refused = (url: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(Number(new URL(url).port), "127.0.0.1")
    socket.once("connect", () => {
      socket.destroy()
      resolve(false)
    })
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"))
  })

/** A JSON POST on a connection of its own whose body is sent in two parts: in flight from the first until `finish`. */
const slowPost = (url: string, path: string, token: string, body: string) => {
  const bytes = Buffer.from(body)
  const half = Math.floor(bytes.length / 2)
  let answer: (response: { status: number; text: string }) => void = () => undefined
  let fail: (error: Error) => void = () => undefined
  const response = new Promise<{ status: number; text: string }>((resolve, reject) => ((answer = resolve), (fail = reject)))
  const sent = request(`${url}${path}`, {
    method: "POST",
    agent: false,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": bytes.length }
  })
  sent.on("response", (incoming) => {
    let text = ""
    incoming.on("data", (chunk: Buffer) => (text += chunk.toString()))
    incoming.on("end", () => answer({ status: incoming.statusCode ?? 0, text }))
  })
  sent.on("error", fail)
  sent.write(bytes.subarray(0, half))
  return {
    finish: () => {
      sent.end(bytes.subarray(half))
      return response
    }
  }
}

const anyCase = async (call: Call) => (await call((c) => c.case.getAll({ urlParams: { records: 1 } }))).data[0]!.id

describe("a server process asked to stop (SIGTERM)", { timeout: 180_000 }, () => {
  it("turns not ready at once, then ends live streams with a retry hint, stops listening, finishes what is in flight and leaves with 0", async () => {
    const server = await startServerProcess({ template: inject("palmaTemplate"), env: { PALMA_DRAIN_SECONDS: "1" } })
    try {
      const token = await signIn(server.url, demo.moderator)
      const caseId = await anyCase(clientAs(server.url, token))
      const follower = await openLive(server.url, `/api/case/live?case_id=${caseId}`, { token })
      expect((await follower.take(1)).map((e) => e.type)).toEqual(["position"])
      const inFlight = slowPost(server.url, "/api/case/createChatMessage", token, JSON.stringify({ case_id: caseId, message: "Enviado mientras se cierra" }))

      process.kill(server.pid!, "SIGTERM")
      await untilReadyz(server.url, 503)
      // Not ready is not dead: the process still answers while the balancer moves its clients away.
      expect((await fetch(`${server.url}/healthz`, { headers: { connection: "close" } })).status).toBe(200)

      // The stream ends by itself (no client drop), its last word a short retry for EventSource.
      await follower.rest()
      expect(follower.retry()).toBe(DRAIN_RETRY_MS)
      await until("puerto cerrado", async () => ((await refused(server.url)) ? true : undefined))

      // Begun before the signal, finished after the server stopped listening: still served.
      const answered = await inFlight.finish()
      expect(answered.status, answered.text).toBe(200)
      expect(await server.exited).toEqual({ code: 0, signal: null })
    } finally {
      await server.stop()
    }
  })

  it("leaves at once, with 1, on a second signal during the drain", async () => {
    // A drain longer than the test: only the second signal can end it in time.
    const server = await startServerProcess({ template: inject("palmaTemplate"), env: { PALMA_DRAIN_SECONDS: "3600" } })
    try {
      process.kill(server.pid!, "SIGTERM")
      await untilReadyz(server.url, 503)
      process.kill(server.pid!, "SIGINT")
      expect(await server.exited).toEqual({ code: 1, signal: null })
      expect(server.output()).toContain("Palma recibió SIGINT otra vez: se cierra sin esperar")
    } finally {
      await server.stop()
    }
  })

  // Two processes on one database: only PostgreSQL (PGlite allows one per data dir).
  it.skipIf(!databaseUrl)("gives its upload job up on the way out, and another process finishes it long before the lease would run out", async () => {
    const ROWS = 20_000
    // A lease longer than the test: the job moves only because it was released.
    const env = { PALMA_JOB_LEASE_SECONDS: "3600", PALMA_DRAIN_SECONDS: "1" }
    const first = await startServerProcess({ keep: true, template: inject("palmaTemplate"), env })
    const url = first.databaseUrl!
    let second: Awaited<ReturnType<typeof startServerProcess>> | undefined
    try {
      const admin = clientAs(first.url, await signIn(first.url, demo.admin))
      const plan = await rosterPlan(admin, "Relevo", 76555444, [
        { field_id: "rut", header: "RUT Asegurado", required: true },
        { field_id: "name", header: "Nombres", required: true },
        { field_id: "paternalLastName", header: "Apellido Paterno", required: true }
      ])
      const bytes = await rosterWorkbook(
        ["RUT Asegurado", "Nombres", "Apellido Paterno"],
        ruts(18_000_000, ROWS).map((rut, i) => [rut, `Persona ${i}`, "Relevo"])
      )
      const queued = await admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId }, bytes) }))
      const job = () => psqlRow(url, `SELECT status, coalesce(owner, '') FROM bulk_load_job WHERE id = '${queued.id}'`)
      await until("carga en curso", async () => {
        const [status, owner] = job()
        if (status === "done") throw new Error("La carga terminó antes de la señal: agrande la nómina")
        return owner !== "" ? true : undefined
      })

      process.kill(first.pid!, "SIGTERM")
      expect(await first.exited).toEqual({ code: 0, signal: null })
      const [status, owner] = job()
      expect(["validating", "loading"], "la carga terminó antes de la señal: agrande la nómina").toContain(status)
      expect(owner).toBe("")

      second = await startServerProcess({ env: { ...env, DATABASE_URL: url } })
      const other = clientAs(second.url, await signIn(second.url, demo.admin))
      expect(await settled(other, queued.id)).toMatchObject({ status: "done", total: ROWS, error: 0, succeeded: ROWS })
      const [subscriptions, covered] = psqlRow(
        url,
        `SELECT count(*), count(DISTINCT c.rut) FROM lead l JOIN customer c ON c.id = l.customer_id WHERE l.product_plan_id = '${plan.planId}'`
      )
      expect({ subscriptions: Number(subscriptions), covered: Number(covered) }).toEqual({ subscriptions: ROWS, covered: ROWS })
    } finally {
      await second?.stop()
      await first.stop()
      rmSync(first.dataDir, { recursive: true, force: true })
      psql(databaseUrl!, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`)
    }
  })
})
