import { Context, Duration, Effect, Layer, Option, Stream } from "effect"
import {
  type BulkLoadConfirm,
  type BulkLoadJob,
  type BulkLoadListQuery,
  type BulkLoadRow,
  type BulkLoadRowsQuery,
  isBulkLoadFinished,
  isColumnRequired,
  followFrom,
  jobAfter,
  type LivePosition,
  type MissingInsured,
  type Page,
  type Positioned
} from "@palma/core/domain"
import { CurrentUser } from "@palma/core/api"
import { DistrictRepo } from "../district/DistrictRepo.js"
import { Clash, Invalid, Missing } from "../domain/errors.js"
import { FieldService } from "../field/FieldService.js"
import { FileFormatRepo } from "../fileFormat/FileFormatRepo.js"
import { Transaction } from "../sql/Transaction.js"
import { BulkLoadRepo, pageOf } from "./BulkLoadRepo.js"
import { BulkLoadRunner } from "./BulkLoadRunner.js"
import type { BulkLoadForm } from "./bulkLoadUpload.js"
import { BulkLoadWorker } from "./BulkLoadWorker.js"
import { buildErrorWorkbook } from "./errorWorkbook.js"
import { fileErrorMessage, logFault, readRosterSheet } from "./rosterSheet.js"
import { RosterRepo } from "./RosterRepo.js"

const notFound = () => new Missing({ message: "No se encontró la carga" })

/** How often a live page's job is read again while it runs. */
const LIVE_EVERY = Duration.millis(400)

/** Where a new follower stands: before the job's first position. */
const BEFORE_ANY: LivePosition = [-1, -1]

const make = Effect.gen(function* () {
  const repo = yield* BulkLoadRepo
  const formats = yield* FileFormatRepo
  const worker = yield* BulkLoadWorker

  const find = (id: string) => Effect.flatMap(repo.find(id), Option.match({ onNone: () => Effect.fail(notFound()), onSome: Effect.succeed }))

  /**
   * Queues an upload after the checks that need no waiting: the plan is the channel's, it has a
   * format, and the file's header row carries every required column (by header text). The rows
   * are read by the job.
   */
  const upload = (form: BulkLoadForm) =>
    Effect.gen(function* () {
      const actor = yield* CurrentUser
      if (!(yield* repo.channelHasPlan(form.retailId, form.productPlanId)))
        return yield* new Missing({ message: "El canal no tiene ese plan (o el plan está inactivo)" })
      const format = yield* formats.columnsOf(form.productPlanId)
      if (format.length === 0) {
        const message = "El plan no tiene un formato de archivo: defínalo antes de subir asegurados"
        return yield* new Invalid({ message: `productPlan_id: ${message}`, issues: [{ path: ["productPlan_id"], message }] })
      }
      const columns = format.map((c) => ({ field_id: c.field_id, header: c.header, required: isColumnRequired(c) }))
      yield* Effect.tryPromise({ try: () => readRosterSheet(form.data, columns), catch: (error) => error }).pipe(
        Effect.tapError(logFault),
        Effect.mapError((error) => {
          const message = fileErrorMessage(error)
          return new Invalid({ message: `file: ${message}`, issues: [{ path: ["file"], message }] })
        })
      )
      const id = yield* repo.create({
        retailId: form.retailId,
        productPlanId: form.productPlanId,
        fileName: form.fileName,
        userId: actor.userId,
        dryRun: form.dryRun,
        removeMissing: form.removeMissing,
        data: form.data
      })
      yield* worker.wake
      return yield* find(id)
    })

  const confirm = (id: string, input: BulkLoadConfirm) =>
    Effect.gen(function* () {
      const job = yield* find(id)
      if (!(yield* repo.confirm(id, input.removeMissing))) {
        return yield* new Clash({ message: `La carga no espera confirmación (está ${job.status === "loading" ? "cargando" : "en otro estado"})` })
      }
      yield* worker.wake
      return yield* find(id)
    })

  const cancel = (id: string) =>
    Effect.gen(function* () {
      yield* find(id)
      if (!(yield* repo.cancel(id))) return yield* new Clash({ message: "La carga ya escribió datos o terminó: no se puede cancelar" })
      yield* repo.dropFile(id)
      return yield* find(id)
    })

  /**
   * The job as it changes, until it ends or waits for a confirmation, for a follower at `from` (its
   * `Last-Event-ID`) or a new one: each snapshot read from the store that moves it on, with that
   * position. The store keeps the job's latest state, not each step it went through: a follower
   * that dropped gets where the job is now. None when the job is at rest and the follower has it
   * already: nothing more will come.
   */
  const live = (id: string, from: LivePosition | undefined): Effect.Effect<Option.Option<Stream.Stream<Positioned<BulkLoadJob>>>, Missing> =>
    Effect.map(find(id), (first) => {
      const atRest = (job: BulkLoadJob) => isBulkLoadFinished(job.status) || job.status === "ready"
      if (from !== undefined && atRest(first) && jobAfter(from, first) === undefined) return Option.none()
      const jobs = Stream.concat(
        Stream.succeed(first),
        Stream.repeatEffectOption(
          Effect.flatMap(Effect.sleep(LIVE_EVERY), () =>
            Effect.flatMap(repo.find(id), Option.match({ onNone: () => Effect.fail(Option.none()), onSome: Effect.succeed }))
          )
        )
      ).pipe(Stream.takeUntil(atRest))
      return Option.some(
        jobs.pipe(
          Stream.mapAccum(from ?? BEFORE_ANY, (at, job) => {
            const followed = followFrom(at, [job], jobAfter)
            return [followed.at, followed.sent] as const
          }),
          Stream.flattenIterables
        )
      )
    })

  /** The failed rows as a workbook with the format's headers, the row number and the reason. */
  const errors = (id: string) =>
    Effect.gen(function* () {
      const job = yield* find(id)
      const format = yield* formats.columnsOf(job.productPlan_id)
      const failed = yield* repo.failedRows(id)
      return yield* buildErrorWorkbook(
        format.map((c) => c.header),
        failed.map((f) => ({ row: f.row, reasons: f.reasons, cells: f.cells ?? {} }))
      )
    })

  /**
   * A page of the job's rows. Once the file is read the job holds how many rows of each outcome
   * it has: the page's total comes from there, not from counting up to 100 000 rows per page.
   */
  const rows = (id: string, query: BulkLoadRowsQuery): Effect.Effect<Page<BulkLoadRow>, Missing> =>
    Effect.gen(function* () {
      const job = yield* find(id)
      const items = yield* repo.rows(id, query)
      const total = job.total > 0 ? (query.outcome === undefined ? job.total : job.counts[query.outcome]) : yield* repo.rowsRead(id, query.outcome)
      const { page, pageSize } = pageOf(query)
      return { items, total, page, pageSize }
    })

  /**
   * A page of the plan's insured the file leaves out, read by index. Its total is the check's own
   * count (the figure the review shows and asks to confirm), counted once when the file was read.
   */
  const missing = (id: string, query: Omit<BulkLoadRowsQuery, "outcome">): Effect.Effect<Page<MissingInsured>, Missing> =>
    Effect.gen(function* () {
      const job = yield* find(id)
      const items = yield* repo.missing(id, query)
      const { page, pageSize } = pageOf(query)
      return { items, total: job.counts.missing, page, pageSize }
    })

  return {
    upload,
    find,
    list: (query: BulkLoadListQuery) => repo.list(query),
    rows,
    missing,
    confirm,
    cancel,
    live,
    errors
  }
})

/** Insured uploads: rules and answers; the work itself runs in BulkLoadWorker. */
export class BulkLoadService extends Context.Tag("palma/BulkLoadService")<BulkLoadService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = (options: { readonly leaseSeconds: number }) =>
    Layer.effect(BulkLoadService, make).pipe(
      Layer.provide(BulkLoadWorker.layer(options)),
      Layer.provide(BulkLoadRunner.layer),
      Layer.provideMerge(Layer.mergeAll(BulkLoadRepo.layer, RosterRepo.layer, DistrictRepo.layer, FileFormatRepo.layer, FieldService.layer, Transaction.layer))
    )
}
