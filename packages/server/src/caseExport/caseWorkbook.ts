import type { PassThrough } from "node:stream"
import type { Worker } from "node:worker_threads"
import { Data, Effect, Fiber, Queue } from "effect"
import { startThread } from "../thread/startThread.js"
import type { ExportLine, ExportRetail } from "./CaseExportRepo.js"
import { sheetNames } from "./caseSheet.js"
import type { FromWorkbook, ToWorkbook } from "./caseWorkbookMessages.js"

/** The casos.xlsx thread stopped before the file was complete. */
export class WorkbookThreadFailed extends Data.TaggedError("WorkbookThreadFailed")<{ readonly message: string }> {}

/**
 * The thread's heap: it holds a page of lines and exceljs's current row, ~20 MB. A small young
 * generation collects exceljs's garbage as it goes instead of growing the process by ~100 MB over
 * an export; the old generation's cap is four times what it needs.
 */
const resourceLimits = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 }

const startWorkbookThread = () => startThread({ name: "caseWorkbookWorker", source: new URL("./caseWorkbookWorker.ts", import.meta.url) }, resourceLimits)

/** Waits while the reader has not taken what was written: memory stays flat for a slow client. */
const drained = (out: PassThrough) => (out.writableNeedDrain ? Effect.async<void>((resume) => void out.once("drain", () => resume(Effect.void))) : Effect.void)

/**
 * A thread that finished its last file cleanly, kept for the next export: starting one and loading
 * exceljs in it takes ~250 ms, longer than a small export. It does not keep the process alive.
 */
let idle: Worker | undefined

/** A casos.xlsx thread writing into `out` for the scope; `next` waits for its next answer. */
const workbookThread = (out: PassThrough) =>
  Effect.gen(function* () {
    const answers = yield* Queue.unbounded<Exclude<FromWorkbook, { kind: "bytes" }>>()
    let complete = false
    const onMessage = (message: FromWorkbook) => {
      if (message.kind === "bytes") out.write(message.chunk)
      else Queue.unsafeOffer(answers, message)
    }
    const onError = (error: Error) => Queue.unsafeOffer(answers, { kind: "failed", fault: error.name })
    const onExit = (code: number) => Queue.unsafeOffer(answers, { kind: "failed", fault: `exit ${code}` })
    const worker = yield* Effect.acquireRelease(
      Effect.sync(() => {
        const worker = idle ?? startWorkbookThread()
        idle = undefined
        worker.ref()
        worker.on("message", onMessage).on("error", onError).on("exit", onExit)
        return worker
      }),
      (worker) =>
        Effect.promise(async () => {
          worker.off("message", onMessage).off("error", onError).off("exit", onExit)
          // Only a thread whose file ended cleanly is kept; one interrupted midway may hold half a file.
          if (complete && idle === undefined) {
            worker.unref()
            idle = worker
            // A kept thread that dies is forgotten, so no export waits on it.
            worker.once("exit", () => {
              if (idle === worker) idle = undefined
            })
          } else await worker.terminate()
        })
    )
    const next = (expected: "written" | "done") =>
      Effect.flatMap(Queue.take(answers), (answer) =>
        answer.kind === expected
          ? Effect.sync(() => void (complete = expected === "done"))
          : new WorkbookThreadFailed({ message: answer.kind === "failed" ? answer.fault : `se esperaba ${expected}, llegó ${answer.kind}` })
      )
    worker.postMessage({ kind: "start" } satisfies ToWorkbook)
    return { post: (message: ToWorkbook) => worker.postMessage(message), next }
  })

/**
 * casos.xlsx written into `out` as it is read: one sheet per channel (see caseSheet.ts). `pages`
 * yields a channel's lines a page at a time (an empty page ends the channel). The server's thread
 * reads the next page while the casos.xlsx thread writes the current one; `out` ends with the file.
 */
export const writeCaseWorkbook = <E, R>(
  out: PassThrough,
  retails: ReadonlyArray<ExportRetail>,
  pages: (retail: ExportRetail, after: number) => Effect.Effect<ReadonlyArray<ExportLine>, E, R>
) =>
  Effect.scoped(
    Effect.gen(function* () {
      const thread = yield* workbookThread(out)
      const names = sheetNames(retails)
      // Pages handed to the thread and not yet written: two, so it starts the next one the moment
      // it finishes one, and memory holds at most three (the third being read).
      let inThread = 0
      for (const [i, retail] of retails.entries()) {
        thread.post({ kind: "sheet", name: names[i]! })
        let lines = yield* pages(retail, 0)
        while (lines.length > 0) {
          const next = yield* Effect.fork(pages(retail, lines.at(-1)!.number))
          if (inThread === 2) {
            yield* thread.next("written")
            inThread--
          }
          thread.post({ kind: "lines", lines })
          inThread++
          yield* drained(out)
          lines = yield* Fiber.join(next)
        }
      }
      thread.post({ kind: "end" })
      for (; inThread > 0; inThread--) yield* thread.next("written")
      yield* thread.next("done")
      out.end()
    })
  )
