import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { createActor, fromCallback, fromPromise, waitFor } from "xstate"
import { type BulkLoadJob, type BulkLoadStatus, bulkLoadStatuses } from "../../src/domain/bulkLoad.js"
import { type BulkLoadEvent, type BulkLoadUpload, bulkLoadMachine } from "../../src/machines/bulkLoad.js"
import { journalRecorder, type JournalEntry, replay } from "../../src/client/journal.js"

const job = (status: BulkLoadStatus, patch: Partial<BulkLoadJob> = {}): BulkLoadJob => ({
  id: "7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e41",
  retail_id: "7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e42",
  retail_name: "Canal",
  productPlan_id: "7b0c1c5e-9d1a-4f4e-8a53-2f0f3c6d9e43",
  product_name: "Producto",
  fileName: "nomina.xlsx",
  user_id: "u1",
  user_name: "Ana",
  dryRun: true,
  removeMissing: false,
  status,
  total: 3,
  error: 1,
  processed: 0,
  succeeded: 0,
  counts: { new: 2, updated: 0, unchanged: 0, failed: 1, missing: 0, removed: 0 },
  message: null,
  createdAt: "2026-11-27T10:00:00.000Z",
  startedAt: null,
  finishedAt: null,
  ...patch
})

const upload: BulkLoadUpload = { retail_id: "r", productPlan_id: "p", file: new Blob(["x"]), fileName: "nomina.xlsx", dryRun: true, removeMissing: false }

/** The machine with its calls answered in memory: the job's progress is what the test sends. */
const start = (calls: { confirm?: (removeMissing: boolean) => Promise<BulkLoadJob>; cancel?: () => Promise<BulkLoadJob> } = {}) => {
  const journal: JournalEntry[] = []
  const sent: Array<(event: BulkLoadEvent) => void> = []
  const actor = createActor(
    bulkLoadMachine.provide({
      actors: {
        upload: fromPromise<BulkLoadJob, BulkLoadUpload>(async () => job("queued")),
        read: fromPromise<BulkLoadJob, string>(async () => job("ready")),
        follow: fromCallback<BulkLoadEvent, string>(({ sendBack }) => void sent.push(sendBack)),
        confirm: fromPromise<BulkLoadJob, { id: string; removeMissing: boolean }>(({ input }) =>
          (calls.confirm ?? (async (removeMissing) => job("loading", { removeMissing })))(input.removeMissing)
        ),
        cancel: fromPromise<BulkLoadJob, string>(() => (calls.cancel ?? (async () => job("cancelled")))()),
        errors: fromPromise<Uint8Array, string>(async () => new Uint8Array([80, 75]))
      }
    }),
    { inspect: journalRecorder((entry) => journal.push(entry)) }
  ).start()
  const push = (next: BulkLoadJob) => sent.at(-1)!({ type: "JOB", job: next })
  return { actor, journal, push }
}

const phase = (actor: ReturnType<typeof start>["actor"]) => (actor.getSnapshot().value as { job: string }).job

describe("bulkLoad machine", () => {
  it("uploads, follows the check, waits in review, confirms with removal and follows the load to the end", async () => {
    const { actor, push } = start()
    const heard: string[] = []
    actor.on("progress", ({ job }) => heard.push(`progress ${job.status}`))
    actor.on("finished", ({ job }) => heard.push(`finished ${job.status}`))
    actor.send({ type: "UPLOAD", upload })
    await waitFor(actor, (s) => s.matches({ job: "following" }))
    push(job("validating"))
    push(job("ready"))
    expect(phase(actor)).toBe("review")
    actor.send({ type: "CONFIRM", removeMissing: true })
    await waitFor(actor, (s) => s.matches({ job: "following" }))
    expect(actor.getSnapshot().context.job?.removeMissing).toBe(true)
    push(job("loading", { processed: 2 }))
    push(job("done", { processed: 3, succeeded: 2 }))
    expect(phase(actor)).toBe("finished")
    expect(heard).toEqual(["progress validating", "progress ready", "progress loading", "finished done"])
  })

  it("hands the error workbook over while reviewing; not when no row failed", async () => {
    const { actor, push } = start()
    const files: number[] = []
    actor.on("errors", ({ bytes }) => files.push(bytes.length))
    actor.send({ type: "UPLOAD", upload })
    await waitFor(actor, (s) => s.matches({ job: "following" }))
    push(job("ready"))
    actor.send({ type: "DOWNLOAD_ERRORS" })
    await waitFor(actor, () => files.length === 1)

    const clean = start()
    clean.actor.send({ type: "UPLOAD", upload })
    await waitFor(clean.actor, (s) => s.matches({ job: "following" }))
    clean.push(job("ready", { error: 0 }))
    expect(clean.actor.getSnapshot().can({ type: "DOWNLOAD_ERRORS" })).toBe(false)
  })

  it("keeps a refused confirmation's message in review", async () => {
    const { actor, push } = start({ confirm: () => Promise.reject({ status: 409, message: "La carga no espera confirmación", issues: [] }) })
    actor.send({ type: "UPLOAD", upload })
    await waitFor(actor, (s) => s.matches({ job: "following" }))
    push(job("ready"))
    actor.send({ type: "CONFIRM", removeMissing: false })
    await waitFor(actor, (s) => s.context.failure !== null)
    expect(phase(actor)).toBe("review")
    expect(actor.getSnapshot().context.failure).toEqual({ status: 409, message: "La carga no espera confirmación", issues: [] })
  })

  it("offers cancel only while the job has written nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...bulkLoadStatuses.filter((s) => s !== "ready" && s !== "done" && s !== "failed" && s !== "cancelled")),
        async (status) => {
          const { actor, push } = start()
          actor.send({ type: "UPLOAD", upload })
          await waitFor(actor, (s) => s.matches({ job: "following" }))
          push(job(status))
          expect(actor.getSnapshot().can({ type: "CANCEL" })).toBe(status === "queued" || status === "validating")
          actor.stop()
        }
      )
    )
  })

  it("a journal replays, with no call made, into the job it was following: what a reload resumes", async () => {
    const { actor, journal, push } = start()
    actor.send({ type: "UPLOAD", upload })
    await waitFor(actor, (s) => s.matches({ job: "following" }))
    push(job("loading", { processed: 1 }))
    const replayed = replay(bulkLoadMachine, JSON.parse(JSON.stringify(journal)))
    expect(replayed.context.job).toMatchObject({ status: "loading", processed: 1 })
    expect(replayed.matches({ job: "following" })).toBe(true)
  })
})
