import { PassThrough } from "node:stream"
import { NodeStream } from "@effect/platform-node"
import { Context, Effect, Layer, Stream } from "effect"
import { type CaseDates, caseMonthOf, type CaseExportQuery, type CaseList, chileDateOf, NOTHING_TO_EXPORT } from "@palma/core/domain"
import { CaseRepo } from "../case/CaseRepo.js"
import { caseRowOf } from "../case/caseRow.js"
import { Missing } from "../domain/errors.js"
import { letOthersIn } from "../sql/letOthersIn.js"
import { isSharedDatabase } from "../sql/sharedDatabase.js"
import { CaseExportRepo } from "./CaseExportRepo.js"
import { writeCaseWorkbook } from "./caseWorkbook.js"

/**
 * Lines read per query while writing; three pages are in memory at most (one being read, two with
 * the casos.xlsx thread). On PostgreSQL a query costs ~45 ms before its rows (planning the joins),
 * so pages of 1 000 spent most of their time there. The embedded database runs each query on the
 * server's own thread, every other request waiting: there a page of 2 000 held each of them ~180 ms
 * during an export of 100 000 cases, 1 000 about half that, for ~10 % more time.
 */
const PAGE = { embedded: 1_000, shared: 2_000 }

const nothingToExport = () => new Missing({ message: NOTHING_TO_EXPORT })

/** A writer that failed midway: the download is cut, so the client never takes a half file for a whole one. */
class ExportAborted extends Error {}

const make = Effect.gen(function* () {
  const exports = yield* CaseExportRepo
  const cases = yield* CaseRepo
  const page = (yield* isSharedDatabase) ? PAGE.shared : PAGE.embedded
  const filterOf = (query: CaseExportQuery) => exports.filterOf(query, chileDateOf(new Date()))

  const dates: Effect.Effect<CaseDates> = Effect.map(exports.months, ({ created, event }) => ({
    createdDates: created.map((m) => caseMonthOf(m.month)),
    eventDates: event.map((m) => caseMonthOf(m.month))
  }))

  /** The preview: the list's rows, newest first; `pagination.total` is the case count, as the original's. */
  const preview = (query: CaseExportQuery): Effect.Effect<CaseList> =>
    Effect.gen(function* () {
      const filter = filterOf(query)
      const [rows, total] = yield* Effect.all([cases.pageWhere(filter, query), cases.countWhere(filter)], { concurrency: 2 })
      return { summary: { cases: total }, pagination: { total, page: query.page ?? 1, records: query.records ?? total }, data: rows.map(caseRowOf) }
    })

  /** casos.xlsx as bytes while it is written; 404 before anything is sent when the filters find no case. */
  const workbook = (query: CaseExportQuery) =>
    Effect.gen(function* () {
      const filter = filterOf(query)
      const retails = yield* exports.retails(filter)
      if (retails.length === 0) return yield* Effect.fail(nothingToExport())
      return Stream.unwrapScoped(
        Effect.gen(function* () {
          const out = new PassThrough()
          yield* writeCaseWorkbook(out, retails, (retail, after) => Effect.zipLeft(exports.lines(filter, retail.retail_id, after, page), letOthersIn)).pipe(
            Effect.catchAllCause((cause) =>
              Effect.logError("casos.xlsx no se pudo terminar", cause).pipe(Effect.andThen(Effect.sync(() => out.destroy(new ExportAborted()))))
            ),
            Effect.forkScoped
          )
          return NodeStream.fromReadable<ExportAborted, Uint8Array>(
            () => out,
            (error) => (error instanceof ExportAborted ? error : new ExportAborted())
          )
        })
      )
    })

  return { dates, preview, workbook }
})

/** Reports on cases: months with cases, an export's preview and casos.xlsx (reference §1.6–1.7). */
export class CaseExportService extends Context.Tag("palma/CaseExportService")<CaseExportService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseExportService, make).pipe(Layer.provide([CaseExportRepo.layer, CaseRepo.layer]))
}
