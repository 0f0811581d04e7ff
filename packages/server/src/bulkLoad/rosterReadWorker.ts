/**
 * The thread that reads a roster's rows (started by rosterSheet.ts): exceljs's streaming reader
 * allocates ~12 KB per row (its rows, cells and SAX events), which on the server's thread grew
 * the heap to ~300 MB of garbage during an upload of 100 000 rows and kept every other request
 * waiting. Here it stays within the thread's own heap.
 */
import { parentPort } from "node:worker_threads"
import type { FromRosterRead, ToRosterRead } from "./rosterReadMessages.js"
import { asFileError, type SheetRow, sheetDataRows } from "./rosterSheet.js"

/** Rows sent per message: few messages, little held. */
const BATCH = 500

const port = parentPort
if (port === null) throw new Error("rosterReadWorker corre solo como hilo de trabajo")
const post = (message: FromRosterRead) => port.postMessage(message)

let rows: AsyncIterator<SheetRow> | undefined
/** One batch at a time, in order. */
let previous: Promise<void> = Promise.resolve()

const nextBatch = async () => {
  if (rows === undefined) throw new Error("roster: filas pedidas antes del archivo")
  const batch: Array<SheetRow> = []
  while (batch.length < BATCH) {
    const next = await rows.next()
    if (next.done) {
      if (batch.length > 0) post({ kind: "rows", rows: batch })
      post({ kind: "end" })
      return
    }
    batch.push(next.value)
  }
  post({ kind: "rows", rows: batch })
}

port.on("message", (message: ToRosterRead) => {
  if (message.kind === "read") rows = sheetDataRows(message.read)
  else
    previous = previous.then(nextBatch).catch((error: unknown) => {
      // A RosterFileError crosses with its words for the user; anything else as an unreadable file, by its name only.
      const file = asFileError(error)
      post({ kind: "failed", message: file.message, missing: file.missing, fault: file.fault })
    })
})
