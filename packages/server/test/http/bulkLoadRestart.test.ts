import { rmSync } from "node:fs"
import { describe, expect, inject, it } from "vitest"
import { type BulkLoadJob, type Call, isBulkLoadFinished } from "@palma/core"
import { clientAs, demo, signIn } from "../support/api.js"
import { psql } from "../support/psql.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { startServerProcess } from "../support/serverProcess.js"

/**
 * Enough batches (1000 rows each) that the kill lands mid-load. Two real processes on one data dir
 * (a copy of the run's template), and 12,000 rows: on PGlite each batch also rewrites its titulares and customers
 * once for their policy end dates (migration 0028), and 20,000 rows took 166 s alone.
 */
const ROWS = 12_000
const HEADERS = ["RUT Asegurado", "Nombres", "Apellido Paterno", "Correo", "Comuna"]
/**
 * On PostgreSQL the dead process's lease is what frees the job: a short one keeps the test quick.
 * On PGlite the new process releases the lease at start, and this changes nothing.
 */
const env = { PALMA_JOB_LEASE_SECONDS: "2" }

/** Polls the job until it has committed a batch of rows; fails if it ends first (nothing left to resume). */
const firstBatchCommitted = async (call: Call, id: string): Promise<BulkLoadJob> => {
  for (;;) {
    const job = await call((c) => c.bulkLoad.upload({ path: { id } }))
    if (job.status === "loading" && job.succeeded > 0) return job
    if (isBulkLoadFinished(job.status)) throw new Error(`La carga terminó (${job.status}) antes de poder interrumpirla: agrande la nómina`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const digits = (rut: string) => rut.replace(/\./g, "")

describe("an insured upload survives its process being killed mid-load", () => {
  it("a new process on the same data resumes the job: every row loaded once, one subscription per RUT", { timeout: 240_000 }, async () => {
    // From the run's seeded template: seeding a new data dir took minutes of the test's time on a busy machine.
    const first = await startServerProcess({ keep: true, env, template: inject("palmaTemplate") })
    // The PostgreSQL database serverProcess created for the first process; the second one reuses it.
    const databaseUrl = first.databaseUrl
    let second: Awaited<ReturnType<typeof startServerProcess>> | undefined
    try {
      const admin = clientAs(first.url, await signIn(first.url, demo.admin))
      const plan = await rosterPlan(admin, "Reinicio", 76555222, [
        { field_id: "rut", header: "RUT Asegurado", required: true },
        { field_id: "name", header: "Nombres", required: true },
        { field_id: "paternalLastName", header: "Apellido Paterno", required: true },
        { field_id: "email", header: "Correo", required: false },
        { field_id: "district", header: "Comuna", required: false }
      ])
      const people = ruts(16_000_000, ROWS)
      const bytes = await rosterWorkbook(
        HEADERS,
        people.map((rut, i) => [rut, `Persona ${i}`, "Reinicio", `persona${i}@correo.cl`, "Ñuñoa"])
      )
      const queued = await admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId }, bytes) }))

      const before = await firstBatchCommitted(admin, queued.id)
      // A lower bound of what was committed when the process dies: more batches may commit before the signal lands.
      expect(before.succeeded).toBeLessThan(ROWS)
      process.kill(first.pid!, "SIGKILL")
      const killedAt = Date.now()
      await first.stop()

      second = await startServerProcess({ dataDir: first.dataDir, keep: true, env: { ...env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) } })
      const secondToken = await signIn(second.url, demo.admin)
      const again = clientAs(second.url, secondToken)
      const done = await settled(again, queued.id)
      expect(done).toMatchObject({ status: "done", total: ROWS, error: 0, processed: ROWS, succeeded: ROWS })
      // Finished by the second process: the first one died with the job still loading.
      expect(Date.parse(done.finishedAt!)).toBeGreaterThan(killedAt)

      // What the plan covers now, as the channel's screen lists it: each RUT of the file once, nothing else.
      // On a kept-alive connection: a 12 000-row body read more slowly than it arrives, then the server's
      // close of a `connection: close` socket, trips undici 7's assert(!this.paused) (nodejs/undici#5360,
      // fixed only in undici 8, which needs Node 22). The load is over, so nothing holds the server's loop.
      const covered = await clientAs(
        second.url,
        secondToken
      )((c) => c.retail.getCustomersByRetailIdAndProductId({ path: { retail_id: plan.retailId, productPlan_id: plan.planId } }))
      const subscriptions = new Map<string, Set<number>>()
      for (const row of covered) {
        const rut = digits(row.insured_rut)
        subscriptions.set(rut, (subscriptions.get(rut) ?? new Set()).add(row.subscription_id))
      }
      const doubled = [...subscriptions].filter(([, ids]) => ids.size > 1).map(([rut]) => rut)
      const lost = people.filter((rut) => !subscriptions.has(rut))
      expect({ lost: lost.slice(0, 5), doubled: doubled.slice(0, 5) }).toEqual({ lost: [], doubled: [] })
      expect(covered).toHaveLength(ROWS)
      expect(subscriptions.size).toBe(ROWS)
    } finally {
      await second?.stop()
      // Already dead once killed; stop() only waits for its exit then (and stops it if the test failed earlier).
      await first.stop()
      rmSync(first.dataDir, { recursive: true, force: true })
      if (databaseUrl && process.env.DATABASE_URL) {
        psql(process.env.DATABASE_URL, `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`)
      }
    }
  })
})
