import { Context, Deferred, Duration, Effect, FiberId, Layer, Option, Schedule, Stream } from "effect"
import { applyChange, type CaseNotice, caseNoticeAfter, emptyCase, followFrom, type LivePosition, type Positioned, stageOf } from "@palma/core/domain"
import { Missing } from "../domain/errors.js"
import { CaseChatRepo } from "./CaseChatRepo.js"
import { CaseFeed } from "./CaseFeed.js"
import { makeCaseHistoryCache } from "./caseHistoryCache.js"
import { CaseRepo } from "./CaseRepo.js"
import { caseNotFound } from "../domain/messages.js"

/**
 * How often a follower reads the store without being woken: the longest a notice lost on its way
 * (its writer killed between the commit and the NOTIFY, a dropped LISTEN) keeps a change from it.
 */
const REREAD = Duration.seconds(20)

/** What wakes a follower: a notice of its case, or the clock. */
type Wake = CaseNotice | "reread"

/** What a case's live stream sends: where the follower starts, then each change and message with the position it reaches. */
export type CaseLiveEvent = { readonly type: "position"; readonly position: LivePosition } | { readonly type: "notice"; readonly sent: Positioned<CaseNotice> }

const notFound = () => new Missing({ message: caseNotFound })

const make = Effect.gen(function* () {
  const cases = yield* CaseRepo
  const chat = yield* CaseChatRepo
  const feed = yield* CaseFeed

  // A case's events, decoded, kept for every follower of it in this process: a step read once, not once per follower.
  const history = makeCaseHistoryCache()

  // The read in flight per case: followers woken together by one notice wait for it instead of each reading.
  const reading = new Map<string, Deferred.Deferred<void>>()

  /** The kept events brought up to `upTo`: by the read in flight, else by one of its own. */
  const catchUp = (caseId: string, upTo: number): Effect.Effect<void> =>
    Effect.suspend(() => {
      if (history.knownVersion(caseId) >= upTo) return Effect.void
      const pending = reading.get(caseId)
      // Begun before this notice's write perhaps: once it is in, look again.
      if (pending !== undefined) return Effect.zipRight(Deferred.await(pending), catchUp(caseId, upTo))
      // Made and announced in one synchronous step: no other follower slips in between.
      const mine = Deferred.unsafeMake<void>(FiberId.none)
      reading.set(caseId, mine)
      return cases.events(caseId, history.knownVersion(caseId)).pipe(
        Effect.map((newer) => void history.extend(caseId, newer, Number.MAX_SAFE_INTEGER)),
        Effect.ensuring(
          Effect.zipRight(
            Effect.sync(() => reading.delete(caseId)),
            Deferred.succeed(mine, undefined)
          )
        )
      )
    })

  /**
   * The case's changes after version `after` (the store has them up to `upTo` at least), each with
   * the stage the case was left in (the fold of the events up to it).
   */
  const changesAfter = (caseId: string, after: number, upTo: number) =>
    Effect.gen(function* () {
      yield* catchUp(caseId, upTo)
      let facts = emptyCase(0)
      return history.extend(caseId, [], Number.MAX_SAFE_INTEGER).flatMap((e): ReadonlyArray<CaseNotice> => {
        facts = applyChange(facts, e.change)
        return e.version > after ? [{ type: "case", case_id: caseId, version: e.version, stage_code: stageOf(facts) }] : []
      })
    })

  /**
   * What the store holds after `at`, in its order: the case's changes, then its chat's messages.
   * A notice says how far its sequence has come (it is sent after its write committed); the clock
   * asks the store.
   */
  const storedAfter = (caseId: string, at: LivePosition, wake: Wake) =>
    Effect.gen(function* () {
      const now: LivePosition =
        wake === "reread" ? Option.getOrElse(yield* cases.livePosition(caseId), () => at) : wake.type === "case" ? [wake.version, at[1]] : [at[0], wake.seq]
      const changes = now[0] > at[0] ? yield* changesAfter(caseId, at[0], now[0]) : []
      const messages = now[1] > at[1] ? yield* chat.after(caseId, at[1]) : []
      return [...changes, ...messages.map((m): CaseNotice => ({ type: "chat", case_id: caseId, message_id: m.id, seq: m.seq }))]
    })

  /**
   * One case as it changes, for a follower at `from` (its `Last-Event-ID`) or, without one, from
   * now. It subscribes to the notices first, then reads the store after its position: what it
   * missed, then, each time a notice (or the clock) wakes it, what was written since. Each event is
   * sent once, in the store's order, whichever process wrote it or answers the follower.
   */
  const follow = (caseId: string, from: LivePosition | undefined) =>
    Effect.gen(function* () {
      const known = yield* cases.livePosition(caseId)
      if (Option.isNone(known)) return yield* Effect.fail(notFound())
      return Stream.unwrapScoped(
        Effect.gen(function* () {
          const notices = yield* feed.subscribe
          const start = from ?? Option.getOrElse(yield* cases.livePosition(caseId), () => known.value)
          const wakes = Stream.merge(
            Stream.fromQueue(notices).pipe(Stream.filter((notice) => notice.case_id === caseId)),
            Stream.fromSchedule(Schedule.spaced(REREAD)).pipe(Stream.as<Wake>("reread"))
          )
          const sent = Stream.concat(Stream.succeed<Wake>("reread"), wakes).pipe(
            Stream.mapAccumEffect(start, (at, wake) =>
              wake !== "reread" && caseNoticeAfter(at, wake) === undefined
                ? Effect.succeed([at, []] as const)
                : Effect.map(storedAfter(caseId, at, wake), (stored) => {
                    const followed = followFrom(at, stored, caseNoticeAfter)
                    return [followed.at, followed.sent] as const
                  })
            ),
            Stream.flattenIterables,
            Stream.map((notice): CaseLiveEvent => ({ type: "notice", sent: notice }))
          )
          return Stream.concat(Stream.succeed<CaseLiveEvent>({ type: "position", position: start }), sent)
        })
      )
    })

  return { follow }
})

/** One case's live stream, resumable on any process: the store is read, notices only wake it. */
export class CaseLiveService extends Context.Tag("palma/CaseLiveService")<CaseLiveService, Effect.Effect.Success<typeof make>>() {
  static readonly layer = Layer.effect(CaseLiveService, make).pipe(Layer.provide([CaseRepo.layer, CaseChatRepo.layer, CaseFeed.layer]))
}
