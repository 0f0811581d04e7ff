import { type BulkLoadJob, bulkLoadStatusLabel } from "@palma/core"

const nf = new Intl.NumberFormat("es-CL")
export const count = (n: number) => nf.format(n)

/** How long a job ran, in words ("1 min 5 s"); empty while it has not started. */
export const duration = (job: BulkLoadJob): string => {
  if (job.startedAt === null) return ""
  const end = job.finishedAt === null ? Date.now() : Date.parse(job.finishedAt)
  const seconds = Math.max(0, Math.round((end - Date.parse(job.startedAt)) / 1000))
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
}

/**
 * A status's badge look, in the colours the theme darkened to pass WCAG AA (as a case's stage):
 * under way outlined, waiting for a person or done filled light, failed red, over grey.
 */
export const statusLook: Record<BulkLoadJob["status"], { readonly color: string; readonly variant: "light" | "outline" }> = {
  queued: { color: "gray", variant: "outline" },
  validating: { color: "teal", variant: "outline" },
  ready: { color: "teal", variant: "light" },
  loading: { color: "teal", variant: "outline" },
  done: { color: "teal", variant: "light" },
  failed: { color: "red", variant: "light" },
  cancelled: { color: "gray", variant: "light" }
}

export const statusText = (job: BulkLoadJob) => bulkLoadStatusLabel[job.status]
