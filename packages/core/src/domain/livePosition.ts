import { ParseResult, Schema } from "effect"
import { type BulkLoadJob, type BulkLoadStatus } from "./bulkLoad.js"
import type { CaseNotice } from "./caseLive.js"

/**
 * Where a follower of a live stream is, as two counters read from the store: for a case, its
 * version and the number of its chat's last message; for an upload job, its phase and the rows it
 * has processed. Sent as each event's `id:` ("7.3") and sent back as `Last-Event-ID` (or
 * `?last_event_id=`) to resume on any process.
 */
export type LivePosition = readonly [number, number]

const idPattern = /^(\d{1,15})\.(\d{1,15})$/

/** The `id:` of an event at `position`. */
export const livePositionId = (position: LivePosition): string => `${position[0]}.${position[1]}`

/** A `Last-Event-ID` as a position: two whole numbers joined by a dot, as the server sends them. */
export const LivePositionFromId = Schema.transformOrFail(Schema.String, Schema.Tuple(Schema.Number, Schema.Number), {
  strict: true,
  decode: (id, _, ast) => {
    const match = idPattern.exec(id)
    return match === null
      ? ParseResult.fail(new ParseResult.Type(ast, id, "Last-Event-ID debe ser como los id: que envía el servidor (p. ej. 7.3)"))
      : ParseResult.succeed([Number(match[1]), Number(match[2])] as const)
  },
  encode: (position) => ParseResult.succeed(livePositionId(position))
})

/** Where a live stream resumes: the `Last-Event-ID` a reconnecting EventSource sends. */
export const LiveResumeHeaders = Schema.Struct({ "last-event-id": Schema.optional(LivePositionFromId) })

/** The same as `?last_event_id=`, for a client that cannot set headers (a browser's EventSource made anew). */
export const LiveResumeQuery = Schema.Struct({ last_event_id: Schema.optional(LivePositionFromId) })

/** Where a follower resumes: the header, else the query parameter; undefined: from now on. */
export const resumeAt = (headers: typeof LiveResumeHeaders.Type, query: typeof LiveResumeQuery.Type): LivePosition | undefined =>
  headers["last-event-id"] ?? query.last_event_id

/** Whether `a` comes after `b`: the first counter decides, then the second. */
export const isAfter = (a: LivePosition, b: LivePosition): boolean => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])

/**
 * A case follower's position after a notice, or undefined when the position already covers it
 * (a change or message the follower got, from the store or live): such a notice is dropped.
 * A case change moves the version, a chat message the chat's number; each on its own.
 */
export const caseNoticeAfter = (at: LivePosition, notice: CaseNotice): LivePosition | undefined => {
  if (notice.type === "case") return notice.version > at[0] ? [notice.version, at[1]] : undefined
  return notice.seq > at[1] ? [at[0], notice.seq] : undefined
}

/**
 * An upload job's phase, in the only order a job moves through them (a check waits in `ready`;
 * every way of ending is the last phase).
 */
const phaseOf: Record<BulkLoadStatus, number> = { queued: 0, validating: 1, ready: 2, loading: 3, done: 4, failed: 4, cancelled: 4 }

/** Where a job is: its phase, then the rows it has processed (they only grow while it loads). */
export const jobPosition = (job: BulkLoadJob): LivePosition => [phaseOf[job.status], job.processed]

/** A job's position after its snapshot, or undefined when the follower already has this one (or a later one). */
export const jobAfter = (at: LivePosition, job: BulkLoadJob): LivePosition | undefined => {
  const position = jobPosition(job)
  return isAfter(position, at) ? position : undefined
}

/** An event as sent on a live stream: its `id:` is the position it brings the follower to. */
export interface Positioned<A> {
  readonly event: A
  readonly position: LivePosition
}

/**
 * What a follower at `at` is sent of `events` (read from the store, in the store's order): each one
 * it is not yet past, with the position it reaches; and where that leaves it. Read from the store
 * rather than relayed, a live stream has no gap (the store holds everything committed) and no
 * duplicate (nothing the position covers is sent again), whichever process answers and however
 * late, duplicated or reordered its notices arrive.
 */
export const followFrom = <A>(
  at: LivePosition,
  events: ReadonlyArray<A>,
  after: (at: LivePosition, event: A) => LivePosition | undefined
): { readonly sent: ReadonlyArray<Positioned<A>>; readonly at: LivePosition } =>
  events.reduce<{ sent: Array<Positioned<A>>; at: LivePosition }>(
    (state, event) => {
      const position = after(state.at, event)
      if (position === undefined) return state
      state.sent.push({ event, position })
      return { sent: state.sent, at: position }
    },
    { sent: [], at }
  )
