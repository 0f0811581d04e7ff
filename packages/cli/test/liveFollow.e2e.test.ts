import { mkdtemp, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest"
import { createActor, waitFor } from "xstate"
import { type BulkLoadJob, bulkLoadActors, bulkLoadMachine, type Call, isAfter, jobPosition, livePositionId, type OpenLive, streamJob } from "@palma/core"
import { clientAs, demoTokens } from "../../server/test/support/api.js"
import type { PlanFixture } from "../../server/test/support/catalogFixture.js"
import { startFrontProxy } from "../../server/test/support/frontProxy.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts } from "../../server/test/support/roster.js"
import { startServer } from "../../server/test/support/startServer.js"
import { palma } from "./support/palma.js"

const HEADERS = ["RUT Asegurado", "Nombres", "Apellido Paterno"]

/**
 * Issue 33 §4 for hosts without EventSource: core's follower (`streamJob`, `followEventStream`),
 * as the CLI follows an upload, comes back after a dropped connection with the last id it got and
 * is sent what it missed, nothing twice, against the real server.
 */
describe("following an upload's live stream across a dropped connection", () => {
  let server: Awaited<ReturnType<typeof startServer>>
  let tokens: Awaited<ReturnType<typeof demoTokens>>
  let admin: Call
  let plan: PlanFixture
  let dir: string

  beforeAll(async () => {
    server = await startServer()
    tokens = await demoTokens(server.url)
    admin = clientAs(server.url, tokens.admin)
    plan = await rosterPlan(admin, "Seguir CLI", 76555666, [
      { field_id: "rut", header: "RUT Asegurado", required: true },
      { field_id: "name", header: "Nombres", required: true },
      { field_id: "paternalLastName", header: "Apellido Paterno", required: true }
    ])
    dir = await mkdtemp(join(tmpdir(), "palma-cli-follow-"))
  })
  afterAll(() => server?.stop())

  /** An upload of the plan that keeps the next one queued for a while: whoever follows that one first hears "queued", not its end. */
  const holdThePlan = async (from: number) => {
    const bytes = await rosterWorkbook(
      HEADERS,
      ruts(from, 3_000).map((rut, i) => [rut, `Delante ${i}`, "Sse"])
    )
    await admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId }, bytes) }))
  }

  it("the bulkLoad machine following with streamJob resumes after its connection drops: every change once, to the end", { timeout: 120_000 }, async () => {
    await holdThePlan(15_910_000)
    const opened: Array<string | undefined> = []
    const connections: AbortController[] = []
    // The host's way to the stream, as the CLI's session opens it; the test keeps a handle to drop each connection.
    const open: OpenLive = (path, lastEventId, signal) => {
      opened.push(lastEventId)
      const connection = new AbortController()
      signal.addEventListener("abort", () => connection.abort())
      connections.push(connection)
      const headers = { authorization: `Bearer ${tokens.admin}`, ...(lastEventId === undefined ? {} : { "last-event-id": lastEventId }) }
      return fetch(`${server.url}${path}`, { headers, signal: connection.signal })
    }
    const actor = createActor(bulkLoadMachine.provide({ actors: bulkLoadActors(admin, streamJob(open)) })).start()
    onTestFinished(() => void actor.stop())
    const heard: BulkLoadJob[] = []
    actor.on("progress", ({ job }) => {
      heard.push(job)
      // The first connection drops as soon as its first change arrived.
      if (heard.length === 1) connections[0]!.abort()
    })
    actor.on("finished", ({ job }) => heard.push(job))
    const bytes = await rosterWorkbook(
      HEADERS,
      ruts(15_920_000, 30).map((rut, i) => [rut, `Detrás ${i}`, "Sse"])
    )
    actor.send({
      type: "UPLOAD",
      upload: { retail_id: plan.retailId, productPlan_id: plan.planId, file: new Blob([bytes]), fileName: "detras.xlsx", dryRun: false, removeMissing: false }
    })
    const done = await waitFor(actor, (s) => s.matches({ job: "finished" }), { timeout: 110_000 })

    expect(done.context.job).toMatchObject({ status: "done", processed: 30 })
    expect(heard[0]!.status).toBe("queued")
    // It came back with the id of the last event it had, and was sent nothing twice.
    expect(opened.slice(0, 2)).toEqual([undefined, livePositionId(jobPosition(heard[0]!))])
    const positions = heard.map(jobPosition)
    expect(positions.every((p, i) => i === 0 || isAfter(p, positions[i - 1]!))).toBe(true)
  })

  it("palma insured upload, its stream cut on the way, comes back with Last-Event-ID and reports the load once", { timeout: 120_000 }, async () => {
    await holdThePlan(15_930_000)
    const proxy = await startFrontProxy(server.url)
    onTestFinished(proxy.stop)
    proxy.cutAfter(1)
    const file = join(dir, "cortada.xlsx")
    await writeFile(
      file,
      await rosterWorkbook(
        HEADERS,
        ruts(15_940_000, 20).map((rut, i) => [rut, `Cortada ${i}`, "Sse"])
      )
    )
    const env = { PALMA_CONFIG_DIR: join(dir, "config"), PALMA_API_URL: proxy.url, PALMA_TOKEN: tokens.admin }
    const run = await palma(["insured", "upload", "--retail", plan.retailId, "--plan", plan.planId, file], env)

    expect(run.code, run.stderr).toBe(0)
    const [cut, back] = proxy.live()
    expect(cut).toMatchObject({ lastEventId: undefined, status: 200, forwardedId: "0.0" })
    expect(back).toMatchObject({ lastEventId: "0.0", status: 200 })
    expect(run.stderr.split("\n").filter(Boolean)).toEqual([
      "Archivo leído: 20 filas · 20 nuevos · 0 actualizados · 0 sin cambios · 0 con errores",
      "Cargando 20 filas…",
      "Terminado: 20 de 20 filas cargadas."
    ])
    expect(run.stdout).toContain("cortada.xlsx (Canal Seguir CLI · Producto Seguir CLI): Terminado: 20 de 20 filas cargadas.")
  })
})
