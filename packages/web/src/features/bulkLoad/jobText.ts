import { type BulkLoadJob, bulkLoadStatusLabel } from "@palma/core"

const nf = new Intl.NumberFormat("es-CL")
export const count = (n: number) => nf.format(n)

const dateTime = new Intl.DateTimeFormat("es-CL", { timeZone: "America/Santiago", dateStyle: "short", timeStyle: "short" })
export const when = (iso: string) => dateTime.format(new Date(iso))

/** How long a job ran, in words ("1 min 5 s"); empty while it has not started. */
export const duration = (job: BulkLoadJob): string => {
  if (job.startedAt === null) return ""
  const end = job.finishedAt === null ? Date.now() : Date.parse(job.finishedAt)
  const seconds = Math.max(0, Math.round((end - Date.parse(job.startedAt)) / 1000))
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

export const statusColor: Record<BulkLoadJob["status"], string> = {
  queued: "gray",
  validating: "blue",
  ready: "yellow",
  loading: "blue",
  done: "green",
  failed: "red",
  cancelled: "gray"
}

export const statusText = (job: BulkLoadJob) => bulkLoadStatusLabel[job.status]
