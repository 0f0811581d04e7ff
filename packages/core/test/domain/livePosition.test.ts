import fc from "fast-check"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import type { BulkLoadJob, BulkLoadStatus } from "../../src/domain/bulkLoad.js"
import type { CaseNotice } from "../../src/domain/caseLive.js"
import { caseNoticeAfter, followFrom, jobAfter, jobPosition, type LivePosition, LivePositionFromId, livePositionId } from "../../src/domain/livePosition.js"

/**
 * A case's store as the server keeps it: changes numbered by version and chat messages by their
 * number, each sequence in the order it committed. What a follower reads after a position is what
 * CaseLiveService reads: the changes after its version, then the messages after its number.
 */
const storedAfter = (log: ReadonlyArray<CaseNotice>, at: LivePosition): ReadonlyArray<CaseNotice> => [
  ...log.filter((n) => n.type === "case" && n.version > at[0]),
  ...log.filter((n) => n.type === "chat" && n.seq > at[1])
]

/** What commits, in order: a change (true) or a chat message (false). */
const history = fc.array(fc.boolean(), { minLength: 1, maxLength: 40 })

/** The store's log for a history: versions and message numbers from 1. */
const logOf = (commits: ReadonlyArray<boolean>): ReadonlyArray<CaseNotice> => {
  let version = 0
  let seq = 0
  return commits.map((change): CaseNotice =>
    change ? { type: "case", case_id: "c", version: ++version, stage_code: "event" } : { type: "chat", case_id: "c", message_id: `m${seq + 1}`, seq: ++seq }
  )
}

describe("a live follower's position (issue 33: resume after Last-Event-ID)", () => {
  it("reads an id as two whole numbers and nothing else", () => {
    const decode = Schema.decodeUnknownEither(LivePositionFromId)
    expect(Schema.decodeUnknownSync(LivePositionFromId)("7.3")).toEqual([7, 3])
    for (const bad of ["7", "7.3.1", "-1.0", "a.b", " 7.3", "7.3 ", ""]) expect(decode(bad)._tag).toBe("Left")
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (a, b) => {
        expect(Schema.decodeUnknownSync(LivePositionFromId)(livePositionId([a, b]))).toEqual([a, b])
      })
    )
  })

  it("a follower that drops anywhere and comes back with its last id gets every change and message once, in order (property)", () => {
    fc.assert(
      fc.property(
        history,
        // How the notices reach the follower: each commit's notice arrives late by some steps, twice, or never.
        fc.array(fc.record({ delay: fc.nat(5), copies: fc.integer({ min: 0, max: 2 }) }), { minLength: 40, maxLength: 40 }),
        // Where the connections drop: after so many wakes, then a new one resumes from the last id it got.
        fc.array(fc.nat(6), { maxLength: 4 }),
        fc.nat(3),
        (commits, deliveries, drops, startAt) => {
          const log = logOf(commits)
          // The follower starts where the store was when it subscribed: after some of the commits.
          const opened = Math.min(startAt, log.length)
          const start = followFrom([0, 0], log.slice(0, opened), caseNoticeAfter).at
          const received: CaseNotice[] = []
          let lastId = start
          let committed = opened
          const pending: Array<{ at: number; notice: CaseNotice }> = []
          let clock = 0
          let wakesLeft = drops.length > 0 ? drops[0]! : Number.POSITIVE_INFINITY
          let dropIndex = 0
          // A connection's life: the store read first, then woken by notices or the clock.
          let at = lastId
          const wake = () => {
            const followed = followFrom(at, storedAfter(log.slice(0, committed), at), caseNoticeAfter)
            received.push(...followed.sent.map((s) => s.event))
            at = followed.at
            lastId = at
          }
          wake()
          while (committed < log.length || pending.length > 0) {
            clock += 1
            if (committed < log.length) {
              const notice = log[committed]!
              const { delay, copies } = deliveries[committed]!
              committed += 1
              for (let c = 0; c < copies; c++) pending.push({ at: clock + delay + c, notice })
            }
            for (const due of pending.filter((p) => p.at <= clock)) {
              pending.splice(pending.indexOf(due), 1)
              if (caseNoticeAfter(at, due.notice) !== undefined) wake()
              if (--wakesLeft === 0) {
                // Dropped: the next connection resumes from the last id, reading the store after it.
                at = lastId
                wake()
                dropIndex += 1
                wakesLeft = dropIndex < drops.length ? drops[dropIndex]! : Number.POSITIVE_INFINITY
              }
            }
          }
          // The clock's reread: what lost notices left unread.
          wake()
          const expected = log.filter((n) => (n.type === "case" ? n.version > start[0] : n.seq > start[1]))
          expect(received.filter((n) => n.type === "case")).toEqual(expected.filter((n) => n.type === "case"))
          expect(received.filter((n) => n.type === "chat")).toEqual(expected.filter((n) => n.type === "chat"))
        }
      )
    )
  })

  it("sends nothing the position covers: each event moves it on, in one sequence or the other", () => {
    fc.assert(
      fc.property(history, fc.nat(10), fc.nat(10), (commits, version, seq) => {
        const { sent, at } = followFrom([version, seq], logOf(commits), caseNoticeAfter)
        const positions = [[version, seq] as const, ...sent.map((s) => s.position)]
        positions.slice(1).forEach((p, i) => {
          const before = positions[i]!
          expect(p[0] >= before[0] && p[1] >= before[1] && (p[0] > before[0] || p[1] > before[1])).toBe(true)
        })
        expect(at).toEqual(positions.at(-1))
      })
    )
  })

  it("orders a job by phase, then rows processed; a snapshot the follower has is not sent again", () => {
    const job = (status: BulkLoadStatus, processed: number) => ({ status, processed }) as BulkLoadJob
    expect(jobPosition(job("queued", 0))).toEqual([0, 0])
    expect(jobPosition(job("loading", 120))).toEqual([3, 120])
    // A job that failed while loading reports no rows processed: its phase still puts it after.
    expect(jobAfter([3, 120], job("failed", 0))).toEqual([4, 0])
    expect(jobAfter([3, 120], job("loading", 120))).toBeUndefined()
    expect(jobAfter([2, 0], job("validating", 0))).toBeUndefined()
    const snapshots = [job("queued", 0), job("validating", 0), job("validating", 0), job("ready", 0), job("loading", 10), job("loading", 10), job("done", 20)]
    expect(followFrom([1, 0], snapshots, jobAfter).sent.map((s) => livePositionId(s.position))).toEqual(["2.0", "3.10", "4.20"])
  })
})
