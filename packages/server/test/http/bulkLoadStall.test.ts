import { rmSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { type BulkLoadJob, type Call } from "@palma/core"
import { clientAs, demo, signIn } from "../support/api.js"
import { psql, psqlRow as row } from "../support/psql.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { startServerProcess } from "../support/serverProcess.js"
import { until } from "../support/until.js"

/**
 * Two API processes on one PostgreSQL. The one reading a roster stalls (SIGSTOP: a long pause of
 * the process, the machine or its network) past its lease; the other takes the job over and reads
 * the file again from its first row. When the first one wakes up, it must give the job up: not
 * store its rows over the other's, not end the job as failed. Only PostgreSQL has two processes
 * (PGlite allows one per data dir).
 */
const databaseUrl = process.env.DATABASE_URL
const ROWS = 20_000
const env = { PALMA_JOB_LEASE_SECONDS: "2" }

const job = (call: Call, id: string): Promise<BulkLoadJob> => call((c) => c.bulkLoad.upload({ path: { id } }))
const storedRows = async (call: Call, id: string) => (await call((c) => c.bulkLoad.uploadRows({ path: { id }, urlParams: { pageSize: 1 } }))).total
/** The process holding the job now (its lease owner), from the database. */
const holder = (url: string, id: string) => row(url, `SELECT coalesce(owner, '') FROM bulk_load_job WHERE id = '${id}'`)[0]

describe.skipIf(!databaseUrl)("an insured upload whose process stalls past its lease", () => {
  it("is finished by the process that took it over, each row once, and the one that woke up gives it up", { timeout: 240_000 }, async () => {
    const first = await startServerProcess({ keep: true, env })
    const url = first.databaseUrl!
    const second = await startServerProcess({ env: { ...env, DATABASE_URL: url } })
    let stopped = false
    try {
      const admin = clientAs(first.url, await signIn(first.url, demo.admin))
      const plan = await rosterPlan(admin, "Pausa", 76555333, [
        { field_id: "rut", header: "RUT Asegurado", required: true },
        { field_id: "name", header: "Nombres", required: true },
        { field_id: "paternalLastName", header: "Apellido Paterno", required: true }
      ])
      const people = ruts(17_000_000, ROWS)
      const bytes = await rosterWorkbook(
        ["RUT Asegurado", "Nombres", "Apellido Paterno"],
        people.map((rut, i) => [rut, `Persona ${i}`, "Pausa"])
      )
      const queued = await admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId }, bytes) }))
      // Uploaded to the first process, which runs it at once; the second only polls every 2 s.
      const other = clientAs(second.url, await signIn(second.url, demo.admin))
      const readingByFirst = () =>
        until("lectura en curso", async () => {
          const current = await job(admin, queued.id)
          if (current.status === "queued") return undefined
          if (current.status !== "validating") throw new Error(`La carga pasó a ${current.status} antes del relevo: agrande la nómina`)
          const stored = await storedRows(admin, queued.id)
          return stored > 0 ? { owner: holder(url, queued.id), stored } : undefined
        })
      // Paused while it stores a batch, the first process holds the job's row locked, so no one can
      // take it over (as it should be): it is woken and paused again a little later.
      for (let attempt = 1; ; attempt++) {
        const reading = await readingByFirst()
        process.kill(first.pid!, "SIGSTOP")
        stopped = true
        const takenOver = await until(
          "relevo",
          async () => {
            if (holder(url, queued.id) === reading.owner) return undefined
            // The second process read the file again from its first row, past where the first had got.
            return (await job(other, queued.id)).status !== "validating" || (await storedRows(other, queued.id)) > reading.stored ? true : undefined
          },
          8_000
        ).catch(() => false)
        process.kill(first.pid!, "SIGCONT")
        stopped = false
        if (takenOver) break
        if (attempt === 5) throw new Error("El segundo proceso no tomó la carga en 5 pausas")
        await new Promise((resolve) => setTimeout(resolve, 100))
      }

      const done = await settled(other, queued.id)
      expect(done).toMatchObject({ status: "done", total: ROWS, error: 0, processed: ROWS, succeeded: ROWS, message: null })
      expect(await storedRows(other, queued.id)).toBe(ROWS)
      const [subscriptions, covered] = row(
        url,
        `SELECT count(*), count(DISTINCT c.rut) FROM lead l JOIN customer c ON c.id = l.customer_id WHERE l.product_plan_id = '${plan.planId}'`
      )
      expect({ subscriptions: Number(subscriptions), covered: Number(covered) }).toEqual({ subscriptions: ROWS, covered: ROWS })
      // The first process is alive and answering: it gave the job up, it did not die on it.
      expect((await job(admin, queued.id)).status).toBe("done")
    } finally {
      if (stopped) process.kill(first.pid!, "SIGCONT")
      await second.stop()
      await first.stop()
      rmSync(first.dataDir, { recursive: true, force: true })
      psql(process.env.DATABASE_URL!, `DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`)
    }
  })
})
