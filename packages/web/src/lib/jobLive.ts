import { type BulkLoadEvent, bulkLoadLivePath, type Call, decodeBulkLoadJob, pollJob } from "@palma/core"
import { fromCallback } from "xstate"
import { followLive } from "./liveEvents"

/**
 * The bulkLoad machine's `follow` in the browser: the job's progress pushed by
 * `GET /api/retail/uploads/:id/live` through followLive (it comes back after a drop where it left
 * off). The machine stops following once the job waits or ends. Where there is no EventSource
 * (jsdom) it polls.
 */
export const followJob = (call: Call) => {
  const polling = pollJob(call)
  if (typeof EventSource === "undefined") return polling
  return fromCallback<BulkLoadEvent, string>(({ sendBack, input }) =>
    followLive(bulkLoadLivePath(input), {
      job: (data) => {
        const job = decodeBulkLoadJob(data)
        if (job !== undefined) sendBack({ type: "JOB", job })
      }
    })
  )
}
