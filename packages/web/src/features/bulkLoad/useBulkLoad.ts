import {
  bulkLoadActors,
  bulkLoadMachine,
  type Call,
  isBulkLoadFinished,
  type Journal,
  type JournalEntry,
  journalFrom,
  journalRecorder,
  replay,
  XLSX_CONTENT_TYPE
} from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { followJob } from "../../lib/jobLive"
import { notify } from "../../lib/notify"
import { saveFile } from "../../lib/saveFile"

/** Where the page keeps its upload's journal: a reload replays it and picks the job up again. */
const JOURNAL_KEY = "palma.bulkLoad.journal"

const storedJournal = (): Journal => {
  try {
    return journalFrom(JSON.parse(localStorage.getItem(JOURNAL_KEY) ?? "[]"))
  } catch {
    return []
  }
}

const nf = new Intl.NumberFormat("es-CL")

/**
 * The page's bulkLoad actor. Its events go to a journal in browser storage (files are not kept:
 * replay needs only the answers); on mount a journal whose job was still running resumes it,
 * so a reload mid-load finds the same job with its progress.
 * The errors workbook is saved as a download when it arrives.
 */
export const useBulkLoad = (call: Call) => {
  const [setup] = useState(() => {
    const journal: Array<JournalEntry> = [...storedJournal()]
    const record = journalRecorder((entry) => {
      // A new upload starts a new journal, and only the last progress counts (it carries the whole job).
      if (entry.event.type === "UPLOAD" || entry.event.type === "RESUME") journal.length = 0
      if (entry.event.type === "JOB" && journal.at(-1)?.event.type === "JOB") journal.pop()
      journal.push(entry)
      try {
        localStorage.setItem(JOURNAL_KEY, JSON.stringify(journal))
      } catch {
        // Storage full or blocked: the upload goes on, only the resume after a reload is lost.
      }
    })
    return { logic: bulkLoadMachine.provide({ actors: bulkLoadActors(call, followJob(call)) }), record, journal }
  })
  const actor = useActorRef(setup.logic, { inspect: setup.record })

  useEffect(() => {
    const job = replay(bulkLoadMachine, setup.journal).context.job
    if (job !== null && !isBulkLoadFinished(job.status) && actor.getSnapshot().matches({ job: "idle" })) actor.send({ type: "RESUME", id: job.id })
    const saved = actor.on("errors", ({ bytes }) => {
      saveFile(new Uint8Array(bytes), "errores.xlsx", XLSX_CONTENT_TYPE)
      notify.success("errores.xlsx descargado")
    })
    const finished = actor.on("finished", ({ job }) => {
      if (job.status === "done") notify.success(`Carga terminada: ${nf.format(job.succeeded)} de ${nf.format(job.total)} filas cargadas`)
    })
    return () => {
      saved.unsubscribe()
      finished.unsubscribe()
    }
  }, [actor, setup.journal])

  const job = useSelector(actor, (s) => s.context.job)
  const failure = useSelector(actor, (s) => s.context.failure)
  const phase = useSelector(actor, (s) => {
    const value = s.value as { job: string }
    return value.job
  })
  const downloading = useSelector(actor, (s) => s.matches({ errorsFile: "downloading" }))
  return { actor, job, failure, phase, downloading }
}
