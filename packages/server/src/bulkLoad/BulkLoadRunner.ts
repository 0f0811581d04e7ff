import { Context, Data, Effect, Layer, Option, Stream, identity } from "effect"
import { chileDateOf, isColumnRequired, isDistrictCode, normalizeDistrictName } from "@palma/core/domain"
import { DistrictRepo } from "../district/DistrictRepo.js"
import { FieldService } from "../field/FieldService.js"
import { FileFormatRepo } from "../fileFormat/FileFormatRepo.js"
import { letOthersIn } from "../sql/letOthersIn.js"
import { isSharedDatabase } from "../sql/sharedDatabase.js"
import { Transaction } from "../sql/Transaction.js"
import { BulkLoadRepo, type HeldJob, type ReadRow } from "./BulkLoadRepo.js"
import { type ChangeLookups, classify } from "./classify.js"
import { type RosterRecord, type RowLookups, parseRosterRow } from "./rosterRow.js"
import {
  fileErrorMessage,
  isFormulaCell,
  logFault,
  type RosterCell,
  type RosterColumn,
  RosterFileError,
  readRosterSheet,
  type SheetRow
} from "./rosterSheet.js"
import { RosterRepo } from "./RosterRepo.js"

/**
 * Rows per batch written per transaction while loading (a crash loses at most one batch's work,
 * never its rows). The embedded database has one connection that every request waits for, so its
 * batches stay short; PostgreSQL serves requests on other connections meanwhile, and larger
 * batches cost it less per row.
 */
const BATCH_ROWS = { embedded: 1000, shared: 5000 }
/**
 * Rows checked, compared and stored per round trip while reading. Reading in batches of 5 000 on
 * PostgreSQL peaked the server at 426 MB for 100 000 rows; 1 000 at 368 MB, in the same time.
 */
const READ_BATCH_ROWS = 1000
/** The plan's subscriptions walked per statement while listing those the file leaves out. */
const LEFT_OUT_STEP = 2000

/** Why a job stops for good, in words for the person who uploaded it. */
class JobFailed extends Data.TaggedError("JobFailed")<{ readonly message: string }> {}
/** Another process holds the job now (or it was cancelled): this one stops without touching it. */
class JobLost extends Data.TaggedError("JobLost") {}

const make = Effect.gen(function* () {
  const repo = yield* BulkLoadRepo
  const roster = yield* RosterRepo
  const districts = yield* DistrictRepo
  const formats = yield* FileFormatRepo
  const fields = yield* FieldService
  const transaction = (yield* Transaction).withTransaction
  const batchRows = (yield* isSharedDatabase) ? BATCH_ROWS.shared : BATCH_ROWS.embedded

  const lookupsOf = (planId: string) =>
    Effect.gen(function* () {
      const comunas = yield* districts.names
      const names = new Map(comunas.map((c) => [c.id, c.name]))
      const byName = new Map(comunas.map((c) => [normalizeDistrictName(c.name), c.id]))
      const planFields = yield* Effect.orElseFail(fields.ofPlan(planId), () => new JobFailed({ message: "El plan ya no existe" }))
      const valueTypes = new Map(planFields.filter((f) => f.kind === "value").map((f) => [f.field, f.valueType_code ?? "S"]))
      return {
        district: (text) => (isDistrictCode(text) ? (names.has(text) ? text : undefined) : byName.get(normalizeDistrictName(text))),
        districtName: (code) => names.get(code),
        valueType: (id) => valueTypes.get(id),
        today: chileDateOf(new Date())
      } satisfies RowLookups & ChangeLookups
    })

  /**
   * Reads the whole file into rows: each checked, repeated RUTs refused after their first row,
   * valid ones compared with what the plan holds. Starts over when a job is taken over mid-read
   * (reading writes nothing but the job's own rows).
   */
  const read = (job: HeldJob, owner: string, leaseSeconds: number) =>
    Effect.gen(function* () {
      yield* repo.clearRows(job.id)
      const bytes = yield* Effect.flatMap(
        repo.file(job.id),
        Option.match({ onNone: () => new JobFailed({ message: "El archivo ya no está disponible" }), onSome: Effect.succeed })
      )
      const format = yield* formats.columnsOf(job.product_plan_id)
      if (format.length === 0) return yield* new JobFailed({ message: "El plan ya no tiene un formato de archivo" })
      const columns = format.map((c) => ({ field_id: c.field_id, header: c.header, required: isColumnRequired(c) }))
      const lookups = yield* lookupsOf(job.product_plan_id)
      const sheet = yield* Effect.tryPromise({ try: () => readRosterSheet(bytes, columns), catch: (error) => error }).pipe(
        Effect.tapError(logFault),
        Effect.mapError((error) => new JobFailed({ message: fileErrorMessage(error) }))
      )
      const seen = new Map<string, number>()
      /** A row checked on its own and against the rows before it: failed with its reasons, or its record. */
      const check = (sheetRow: SheetRow): ReadRow | { readonly row: number; readonly record: RosterRecord } => {
        const result = parseRosterRow(sheetRow.cells, columns, lookups)
        const failed = (rut: string, name: string, reasons: ReadonlyArray<string>): ReadRow => ({
          row: sheetRow.row,
          rut,
          name,
          outcome: "failed",
          reasons,
          changes: [],
          record: cellsByHeader(columns, sheetRow.cells)
        })
        if (!result.ok) return failed(cellText(sheetRow.cells["rut"] ?? null), "", result.reasons)
        const first = seen.get(result.record.rut)
        if (first !== undefined) return failed(result.record.rut, nameOf(result.record), [`RUT: ya aparece en la fila ${first}`])
        seen.set(result.record.rut, sheetRow.row)
        return { row: sheetRow.row, record: result.record }
      }
      yield* Stream.fromAsyncIterable(inBatches(sheet.rows, READ_BATCH_ROWS, check), identity).pipe(
        // The sheet turns every fault of the file into a RosterFileError; anything else was thrown
        // while checking a row, by Palma's own code: a defect (logged), not the file's fault.
        Stream.catchAll((error) =>
          error instanceof RosterFileError ? Stream.fromEffect(Effect.zipRight(logFault(error), new JobFailed({ message: error.message }))) : Stream.die(error)
        ),
        // The next batch is read and checked while the database compares and stores this one.
        Stream.buffer({ capacity: 1 }),
        Stream.runForEach((parsed) =>
          Effect.gen(function* () {
            const valid = parsed.flatMap((p) => ("outcome" in p ? [] : [p.record]))
            const stored = new Map((yield* roster.stored(job.product_plan_id, valid)).map((s) => [s.rut, s]))
            const rows = parsed.map((p): ReadRow => {
              if ("outcome" in p) return p
              const { outcome, changes } = classify(p.record, stored.get(p.record.rut), columns, lookups)
              return { row: p.row, rut: p.record.rut, name: nameOf(p.record), outcome, reasons: [], changes, record: p.record }
            })
            // Only while this process holds the job: one that stalled past its lease, and whose job
            // another process took over and reads again, stores nothing over the other's rows.
            if (!(yield* repo.storeRead(job.id, owner, leaseSeconds, rows))) return yield* new JobLost()
            yield* letOthersIn
          })
        )
      )
      yield* listLeftOut(job, owner, leaseSeconds)
      yield* repo.finishReading(job.id, owner, job.dry_run ? "ready" : "loading")
    })

  /**
   * The review's list of the plan's insured the file leaves out, a few thousand subscriptions a
   * statement with a pause between: a plan of 100 000 is walked without holding the embedded
   * database for the whole walk.
   */
  const listLeftOut = (job: HeldJob, owner: string, leaseSeconds: number) =>
    Effect.gen(function* () {
      let after: number | undefined
      let stored = 0
      for (;;) {
        const listed = yield* repo.listLeftOut(job.id, owner, leaseSeconds, { after, size: LEFT_OUT_STEP, stored })
        if (Option.isNone(listed)) return yield* new JobLost()
        if (Option.isNone(listed.value.last)) return
        after = listed.value.last.value
        stored += listed.value.stored
        yield* letOthersIn
      }
    })

  /** Writes the rows after the last committed batch, one transaction per batch; then, if asked, ends the missing's coverage. */
  const load = (job: HeldJob, owner: string, leaseSeconds: number) =>
    Effect.gen(function* () {
      const term = Option.getOrElse(yield* roster.term(job.product_plan_id), () => 12)
      let after = job.loaded_row
      for (;;) {
        const written = yield* transaction(
          Effect.gen(function* () {
            yield* roster.commitWithoutFlush
            const next = yield* repo.nextBatch(job.id, after, batchRows)
            if (Option.isNone(next)) return Option.none<number>()
            // Progress first: a process that lost the job writes nothing before finding out.
            if (!(yield* repo.markLoaded(job.id, owner, leaseSeconds, next.value))) return yield* new JobLost()
            yield* roster.write(job.id, job.product_plan_id, term, next.value)
            return Option.some(next.value.last)
          })
        )
        if (Option.isNone(written)) break
        after = written.value
        yield* letOthersIn
      }
      yield* transaction(
        Effect.gen(function* () {
          const current = yield* repo.find(job.id)
          if (Option.isNone(current) || current.value.status !== "loading") return yield* new JobLost()
          if (current.value.removeMissing) yield* repo.markRemoved(job.id, yield* roster.removeMissing(job.id))
          if (!(yield* repo.end(job.id, owner, "done"))) return yield* new JobLost()
        })
      )
      yield* repo.dropFile(job.id)
    })

  /**
   * Runs a held job from where it is: reading (then waiting for a confirmation, or loading) or
   * loading. A job that cannot go on is failed with its reason; a defect fails it with a generic
   * one (the cause goes to the log, without the file's data).
   */
  const run = (job: HeldJob, owner: string, leaseSeconds: number): Effect.Effect<void> =>
    Effect.gen(function* () {
      if (job.status === "validating") {
        yield* read(job, owner, leaseSeconds)
        if (job.dry_run) return
      }
      yield* load({ ...job, status: "loading" }, owner, leaseSeconds)
    }).pipe(
      Effect.catchTags({
        JobFailed: (failure) => Effect.flatMap(repo.end(job.id, owner, "failed", failure.message), (ended) => (ended ? repo.dropFile(job.id) : Effect.void)),
        JobLost: () => Effect.void
      }),
      Effect.catchAllCause((cause) =>
        Effect.logError("Una carga de asegurados falló", cause).pipe(
          Effect.zipRight(repo.end(job.id, owner, "failed", "La carga se detuvo por un error interno; vuelva a subir el archivo")),
          Effect.catchAllCause(() => Effect.void)
        )
      )
    )

  return { run }
})

/** Rows in arrays of `size`, each mapped: thousands of rows cost a few stream elements, not one each. */
async function* inBatches<A, B>(rows: AsyncIterable<A>, size: number, f: (row: A) => B): AsyncGenerator<ReadonlyArray<B>> {
  let batch: Array<B> = []
  for await (const row of rows) {
    batch.push(f(row))
    if (batch.length === size) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}

/** A cell as the person typed it, for the error workbook: dates as dd-mm-yyyy, a formula as its text. */
const cellText = (cell: RosterCell): string => {
  if (cell === null) return ""
  if (isFormulaCell(cell)) return cell.formula === "" ? "(fórmula)" : `=${cell.formula}`
  if (cell instanceof Date) return `${String(cell.getUTCDate()).padStart(2, "0")}-${String(cell.getUTCMonth() + 1).padStart(2, "0")}-${cell.getUTCFullYear()}`
  return String(cell)
}

const cellsByHeader = (columns: ReadonlyArray<RosterColumn>, cells: Readonly<Record<string, RosterCell>>) =>
  Object.fromEntries(columns.map((c) => [c.header, cellText(cells[c.field_id] ?? null)]))

const nameOf = (record: RosterRecord) => [record.name, record.paternalLastName, record.maternalLastName].filter((part) => part !== "").join(" ")

/** Runs one insured upload job through its phases. */
export class BulkLoadRunner extends Context.Tag("palma/BulkLoadRunner")<BulkLoadRunner, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(BulkLoadRunner, make)
}
