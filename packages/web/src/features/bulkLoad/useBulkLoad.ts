import { bulkLoadActors, bulkLoadMachine, type Call, isBulkLoadFinished, type JournalEntry, journalRecorder, replay, XLSX_CONTENT_TYPE } from "@palma/core"
import { useActorRef, useSelector } from "@xstate/react"
import { useEffect, useState } from "react"
import { useAuth } from "../../lib/auth/useAuth"
import { followJob } from "../../lib/jobLive"
import { journalStore } from "../../lib/journalStore"
import { notify } from "../../lib/notify"
import { saveFile } from "../../lib/saveFile"

const nf = new Intl.NumberFormat("es-CL")

/**
 * The page's bulkLoad actor. Its events go to a journal in the browser's local storage, the
 * signed-in person's (files are not kept: replay needs only the answers); on mount a journal whose
 * job was still running resumes it, so a reload mid-load, or the next visit, finds the same job
 * with its progress. Signing out forgets it.
 * The errors workbook is saved as a download when it arrives.
 */
export const useBulkLoad = (call: Call) => {
  const { session } = useAuth()
  const [setup] = useState(() => {
    const stored = journalStore(localStorage, "bulkLoad", session?.userId ?? "anonimo")
    const journal: Array<JournalEntry> = [...stored.read()]
    const record = journalRecorder((entry) => {
      // A new upload starts a new journal, and only the last progress counts (it carries the whole job).
      if (entry.event.type === "UPLOAD" || entry.event.type === "RESUME") journal.length = 0
      if (entry.event.type === "JOB" && journal.at(-1)?.event.type === "JOB") journal.pop()
      journal.push(entry)
      stored.write(journal)
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
