import { BulkLoadJob, type BulkLoadEvent, type Call, pollJob } from "@palma/core"
import { Schema } from "effect"
import { fromCallback } from "xstate"

const decodeJob = Schema.decodeUnknownOption(Schema.parseJson(BulkLoadJob))

/**
 * The bulkLoad machine's `follow` in the browser: the job's progress pushed by
 * `GET /api/retail/uploads/:id/live` through EventSource (same origin, the session cookie
 * authenticates it, it reconnects by itself). Where there is no EventSource (jsdom) it polls.
 */
export const followJob = (call: Call) => {
  const polling = pollJob(call)
  if (typeof EventSource === "undefined") return polling
  return fromCallback<BulkLoadEvent, string>(({ sendBack, input }) => {
    const source = new EventSource(`/api/retail/uploads/${encodeURIComponent(input)}/live`)
    source.addEventListener("job", (event: MessageEvent<string>) => {
      const job = decodeJob(event.data)
      if (job._tag === "Some") sendBack({ type: "JOB", job: job.value })
    })
    return () => source.close()
  })
}
