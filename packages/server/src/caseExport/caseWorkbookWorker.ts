/**
 * The thread that writes casos.xlsx (started by caseWorkbook.ts): exceljs's writing and zipping
 * take most of an export's time, and here they neither stop the server answering other requests
 * nor wait for the database's next page, which the server's thread reads meanwhile.
 */
import { Writable } from "node:stream"
import { finished } from "node:stream/promises"
import { parentPort } from "node:worker_threads"
import ExcelJS from "exceljs"
import { openCaseWorkbook } from "./caseSheet.js"
import type { FromWorkbook, ToWorkbook } from "./caseWorkbookMessages.js"

/**
 * Lines written per turn of the thread's event loop. exceljs hands each sheet's XML to the zip
 * without waiting, and the zip compresses about one chunk per turn: written in one go, a page's XML
 * would pile up uncompressed (the whole file by the end, ~1 KB a line).
 */
const LINES_PER_TURN = 20

const port = parentPort
if (port === null) throw new Error("caseWorkbookWorker corre solo como hilo de trabajo")
const post = (message: FromWorkbook) => port.postMessage(message)

/** The file being written: one export at a time, from its `start` to its `done`. */
const open = () => {
  const out = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      post({ kind: "bytes", chunk })
      done()
    }
  })
  return { out, workbook: openCaseWorkbook(ExcelJS, out) }
}
let file: ReturnType<typeof open> | undefined
const current = () => {
  if (file === undefined) throw new Error("casos.xlsx: mensaje sin exportación en curso")
  return file
}
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

const handle = async (message: ToWorkbook) => {
  switch (message.kind) {
    case "start":
      file = open()
      return
    case "sheet":
      current().workbook.sheet(message.name)
      return
    case "lines":
      for (let i = 0; i < message.lines.length; i += LINES_PER_TURN) {
        current().workbook.lines(message.lines.slice(i, i + LINES_PER_TURN))
        await nextTurn()
      }
      post({ kind: "written" })
      return
    case "end": {
      const { out, workbook } = current()
      await Promise.all([workbook.commit(), finished(out)])
      file = undefined
      post({ kind: "done" })
    }
  }
}

// One message at a time, in order: a page is written whole before the next one or the end. A
// failure goes back by the error's name only: its message may quote a cell (a RUT, an email).
let previous: Promise<void> = Promise.resolve()
port.on("message", (message: ToWorkbook) => {
  previous = previous.then(() => handle(message)).catch((error: unknown) => post({ kind: "failed", fault: error instanceof Error ? error.name : typeof error }))
})
