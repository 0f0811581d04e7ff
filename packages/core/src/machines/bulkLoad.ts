import { assertEvent, assign, emit, enqueueActions, fromCallback, fromPromise, setup } from "xstate"
import { bulkLoadLivePath } from "../api/bulkLoad.js"
import type { Call } from "../client/caller.js"
import { followEventStream } from "../client/eventStream.js"
import { type BulkLoadJob, type BulkLoadRow, type MissingInsured, type RowOutcome, decodeBulkLoadJob, isBulkLoadFinished } from "../domain/bulkLoad.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { searchActor } from "./search.js"
import { unprovided } from "./unprovided.js"

/** What an upload sends: the channel's plan, the file and what to do with it. */
export interface BulkLoadUpload {
  readonly retail_id: string
  readonly productPlan_id: string
  readonly file: Blob
  readonly fileName: string
  /** Check and show the diff first; nothing is written until confirmed. */
  readonly dryRun: boolean
  /** The plan's insured missing from the file lose their coverage once it loaded. */
  readonly removeMissing: boolean
}

export type BulkLoadEvent =
  | { type: "UPLOAD"; upload: BulkLoadUpload }
  | { type: "RESUME"; id: string }
  | { type: "JOB"; job: BulkLoadJob }
  | { type: "CONFIRM"; removeMissing: boolean }
  | { type: "CANCEL" }
  | { type: "DOWNLOAD_ERRORS" }
  | { type: "RESET" }
  | { type: "DISMISS" }

export type BulkLoadEmitted =
  | { type: "progress"; job: BulkLoadJob }
  | { type: "finished"; job: BulkLoadJob }
  | { type: "errors"; bytes: Uint8Array; job: BulkLoadJob }
  | { type: "rejected"; failure: Failure }

export interface BulkLoadContext {
  /** The job as last heard of; null before an upload. */
  readonly job: BulkLoadJob | null
  readonly failure: Failure | null
}

const jobId = ({ context }: { context: BulkLoadContext }) => context.job?.id ?? ""

/**
 * A retail insured upload (DESIGN §5 `bulkLoad`): upload → follow the job (its progress pushed or
 * polled) → when checked (a dry run), review the diff and confirm (with or without removing the
 * insured missing from the file) or cancel → follow the load → finished. The job lives on the
 * server: RESUME picks a running job up again after a reload (the web keeps the journal, whose
 * replay names the job). A failure keeps its status and field issues until dismissed. Hosts provide
 * `upload`, `read`, `follow`, `confirm`, `cancel` and `errors` (see `bulkLoadActors`).
 */
export const bulkLoadMachine = setup({
  types: { context: {} as BulkLoadContext, events: {} as BulkLoadEvent, emitted: {} as BulkLoadEmitted },
  actors: {
    upload: unprovided<BulkLoadJob, BulkLoadUpload>("upload"),
    read: unprovided<BulkLoadJob, string>("read"),
    follow: fromCallback<BulkLoadEvent, string>(() => undefined),
    confirm: unprovided<BulkLoadJob, { readonly id: string; readonly removeMissing: boolean }>("confirm"),
    cancel: unprovided<BulkLoadJob, string>("cancel"),
    errors: unprovided<Uint8Array, string>("errors")
  },
  actions: {
    /** A refused call: its failure kept for the screen and announced to the host. */
    reject: enqueueActions(({ enqueue }, params: { readonly error: unknown }) => {
      const failure = failureOf(params.error)
      enqueue.assign({ failure })
      enqueue.emit({ type: "rejected", failure })
    })
  },
  guards: {
    isReady: ({ event }) => event.type === "JOB" && event.job.status === "ready",
    isFinished: ({ event }) => event.type === "JOB" && isBulkLoadFinished(event.job.status),
    /** Only a job that has written nothing may be cancelled. */
    isCancellable: ({ context }) => context.job !== null && ["queued", "validating", "ready"].includes(context.job.status),
    hasFailedRows: ({ context }) => (context.job?.error ?? 0) > 0
  }
}).createMachine({
  id: "bulkLoad",
  context: { job: null, failure: null },
  type: "parallel",
  on: { DISMISS: { actions: assign({ failure: null }) } },
  states: {
    /** The failed rows' workbook, whenever the job has some (a dry run's, or once loaded): the host saves the bytes `errors` hands it. */
    errorsFile: {
      initial: "idle",
      states: {
        idle: { on: { DOWNLOAD_ERRORS: { guard: "hasFailedRows", target: "downloading" } } },
        downloading: {
          invoke: {
            src: "errors",
            input: jobId,
            onDone: { target: "idle", actions: emit(({ context, event }) => ({ type: "errors" as const, bytes: event.output, job: context.job! })) },
            onError: { target: "idle", actions: { type: "reject", params: ({ event }) => ({ error: event.error }) } }
          }
        }
      }
    },
    job: {
      initial: "idle",
      states: {
        idle: {
          on: {
            UPLOAD: "uploading",
            RESUME: { target: "reading", actions: assign({ failure: null }) }
          }
        },
        uploading: {
          entry: assign({ failure: null, job: null }),
          invoke: {
            src: "upload",
            input: ({ event }) => {
              assertEvent(event, "UPLOAD")
              return event.upload
            },
            onDone: { target: "following", actions: assign({ job: ({ event }) => event.output }) },
            onError: { target: "idle", actions: { type: "reject", params: ({ event }) => ({ error: event.error }) } }
          }
        },
        reading: {
          invoke: {
            src: "read",
            input: ({ event }) => {
              assertEvent(event, "RESUME")
              return event.id
            },
            onDone: { target: "following", actions: assign({ job: ({ event }) => event.output }) },
            onError: { target: "idle", actions: { type: "reject", params: ({ event }) => ({ error: event.error }) } }
          }
        },
        following: {
          always: [
            { guard: ({ context }) => context.job?.status === "ready", target: "review" },
            { guard: ({ context }) => context.job !== null && isBulkLoadFinished(context.job.status), target: "finished" }
          ],
          invoke: { src: "follow", input: jobId },
          on: {
            JOB: [
              {
                guard: "isReady",
                target: "review",
                actions: [assign({ job: ({ event }) => event.job }), emit(({ event }) => ({ type: "progress" as const, job: event.job }))]
              },
              { guard: "isFinished", target: "finished", actions: assign({ job: ({ event }) => event.job }) },
              { actions: [assign({ job: ({ event }) => event.job }), emit(({ event }) => ({ type: "progress" as const, job: event.job }))] }
            ],
            CANCEL: { guard: "isCancellable", target: "cancelling" }
          }
        },
        review: {
          on: {
            CONFIRM: "confirming",
            CANCEL: "cancelling"
          }
        },
        confirming: {
          invoke: {
            src: "confirm",
            input: ({ context, event }) => {
              assertEvent(event, "CONFIRM")
              return { id: jobId({ context }), removeMissing: event.removeMissing }
            },
            onDone: { target: "following", actions: assign({ job: ({ event }) => event.output }) },
            onError: { target: "review", actions: { type: "reject", params: ({ event }) => ({ error: event.error }) } }
          }
        },
        cancelling: {
          invoke: {
            src: "cancel",
            input: jobId,
            onDone: { target: "finished", actions: assign({ job: ({ event }) => event.output }) },
            // Refused (it started writing meanwhile): follow it again, the message says why.
            onError: { target: "following", actions: { type: "reject", params: ({ event }) => ({ error: event.error }) } }
          }
        },
        finished: {
          // Every way in (a JOB that ends it, a cancel answered, a resumed job already over) brings its job.
          entry: emit(({ context }) => ({ type: "finished" as const, job: context.job! })),
          on: {
            UPLOAD: "uploading",
            RESUME: { target: "reading", actions: assign({ failure: null }) },
            RESET: { target: "idle", actions: assign({ job: null, failure: null }) }
          }
        }
      }
    }
  }
})

/** How often a job is read again when its progress cannot be pushed (the CLI, tests). */
export const BULK_LOAD_POLL_MS = 500

/** A `follow` that reads the job every `everyMs` and sends it while it runs; stops when it waits or ends. */
export const pollJob = (call: Call, everyMs = BULK_LOAD_POLL_MS) =>
  fromCallback<BulkLoadEvent, string>(({ sendBack, input }) => {
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const tick = async () => {
      try {
        const job = await call((c) => c.bulkLoad.upload({ path: { id: input } }))
        if (stopped) return
        sendBack({ type: "JOB", job })
        if (job.status === "ready" || isBulkLoadFinished(job.status)) return
      } catch {
        // A failed read is retried on the next tick: progress is best effort, the job goes on.
      }
      if (!stopped) timer = setTimeout(tick, everyMs)
    }
    void tick()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  })

/** How a host without EventSource (the CLI) opens a live stream at `path` with its credentials, resuming after `lastEventId`. */
export type OpenLive = (path: string, lastEventId: string | undefined, signal: AbortSignal) => Promise<Response>

/**
 * A `follow` over the job's server-sent events: each change as it happens, and after a dropped
 * connection what it missed (from any process), through `followEventStream`.
 */
export const streamJob = (open: OpenLive) =>
  fromCallback<BulkLoadEvent, string>(({ sendBack, input }) =>
    followEventStream((lastEventId, signal) => open(bulkLoadLivePath(input), lastEventId, signal), {
      event: (event) => {
        const job = event.type === "job" ? decodeBulkLoadJob(event.data) : undefined
        if (job !== undefined) sendBack({ type: "JOB", job })
      }
    })
  )

/** The roster form as the original client posts it, with Palma's flags. */
export const bulkLoadForm = (upload: BulkLoadUpload): FormData => {
  const form = new FormData()
  form.append("file", upload.file, upload.fileName)
  form.append("fileName", upload.fileName)
  form.append("retail_id", upload.retail_id)
  form.append("productPlan_id", upload.productPlan_id)
  form.append("dryRun", String(upload.dryRun))
  form.append("removeMissing", String(upload.removeMissing))
  return form
}

/** The machine's calls over the contract; `follow` polls unless the host pushes progress (the web's EventSource, the CLI's `streamJob`). */
export const bulkLoadActors = (call: Call, follow = pollJob(call)) => ({
  upload: fromPromise<BulkLoadJob, BulkLoadUpload>(({ input }) => call((c) => c.bulkLoad.addLeadFromExcel({ payload: bulkLoadForm(input) }))),
  read: fromPromise<BulkLoadJob, string>(({ input }) => call((c) => c.bulkLoad.upload({ path: { id: input } }))),
  follow,
  confirm: fromPromise<BulkLoadJob, { readonly id: string; readonly removeMissing: boolean }>(({ input }) =>
    call((c) => c.bulkLoad.confirmUpload({ path: { id: input.id }, payload: { removeMissing: input.removeMissing } }))
  ),
  cancel: fromPromise<BulkLoadJob, string>(({ input }) => call((c) => c.bulkLoad.cancelUpload({ path: { id: input } }))),
  errors: fromPromise<Uint8Array, string>(({ input }) => call((c) => c.bulkLoad.uploadErrors({ path: { id: input } })))
})

/** A job's rows (all, or one outcome), a page at a time. */
export interface BulkLoadRowsCriteria {
  readonly id: string
  readonly outcome: RowOutcome | null
  readonly page: number
}

/** The history, a job's rows and the insured the file leaves out, as paged searches (`searchMachine`). */
export const bulkLoadSearchActors = (call: Call, pageSize: number) => ({
  history: searchActor<{ readonly retail_id: string | null; readonly page: number }, BulkLoadJob>(async (query) => {
    const page = await call((c) =>
      c.bulkLoad.uploads({ urlParams: { ...(query.retail_id === null ? {} : { retail_id: query.retail_id }), page: query.page, pageSize } })
    )
    return { items: page.items, total: page.total }
  }),
  rows: searchActor<BulkLoadRowsCriteria, BulkLoadRow>(async (query) => {
    const page = await call((c) =>
      c.bulkLoad.uploadRows({
        path: { id: query.id },
        urlParams: { ...(query.outcome === null ? {} : { outcome: query.outcome }), page: query.page, pageSize }
      })
    )
    return { items: page.items, total: page.total }
  }),
  missing: searchActor<{ readonly id: string; readonly page: number }, MissingInsured>(async (query) => {
    const page = await call((c) => c.bulkLoad.uploadMissing({ path: { id: query.id }, urlParams: { page: query.page, pageSize } }))
    return { items: page.items, total: page.total }
  })
})
