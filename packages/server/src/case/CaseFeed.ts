import { Context, Deferred, Duration, Effect, Layer, Option, PubSub, type Queue, Schedule, Schema, type Scope, Stream } from "effect"
import { CaseNotice } from "@palma/core/domain"
import { caseChannel } from "./CaseFeedRepo.js"
const decodeNotice = Schema.decodeUnknownOption(Schema.parseJson(CaseNotice))

/** How long a process waits at start for its LISTEN to hear its own probe before going on without that proof. */
const LISTEN_PROOF = Duration.seconds(5)

export interface CaseFeedShape {
  /** Tells every listener, in every API process; called after the write committed. */
  readonly publish: (notice: CaseNotice) => Effect.Effect<void>
  /** Every notice from now on. */
  readonly notices: Stream.Stream<CaseNotice>
  /**
   * Notices from the moment this runs until the scope closes. A follower subscribes before it
   * reads the store, so whatever commits after that read wakes it.
   */
  readonly subscribe: Effect.Effect<Queue.Dequeue<CaseNotice>, never, Scope.Scope>
}

/**
 * Case changes as they happen, through one hub per process. On PostgreSQL the hub is fed by one
 * LISTEN per process, so several API processes behind a load balancer hear each other; on the
 * embedded database (one process) the hub is all there is. A lost notice costs a refresh, never
 * data: clients re-read what they show, and live followers read the store (CaseLiveService).
 */
export class CaseFeed extends Context.Tag("palma/CaseFeed")<CaseFeed, CaseFeedShape>() {
  static readonly layer = Layer.scoped(
    CaseFeed,
    Effect.gen(function* () {
      const hub = yield* PubSub.unbounded<CaseNotice>()
      const local = {
        notices: Stream.fromPubSub(hub),
        subscribe: PubSub.subscribe(hub)
      }
      const channel = yield* caseChannel
      if (Option.isNone(channel)) return { ...local, publish: (notice) => Effect.asVoid(PubSub.publish(hub, notice)) } satisfies CaseFeedShape

      const { notify, listen } = channel.value
      // One LISTEN for the process (each follower unlistening its own would silence the others).
      // Its own probe coming back proves it is in place before the process serves anyone.
      const probe = `probe:${crypto.randomUUID()}`
      const heard = yield* Deferred.make<void>()
      yield* listen.pipe(
        Stream.tap((payload) => (payload === probe ? Deferred.succeed(heard, undefined) : Effect.void)),
        Stream.filterMap(decodeNotice),
        Stream.runForEach((notice) => PubSub.publish(hub, notice)),
        Effect.catchAll((error) => Effect.logWarning("Sin LISTEN de casos: este proceso no oirá los cambios de los otros", error)),
        Effect.forkScoped
      )
      yield* notify(probe).pipe(
        Effect.zipRight(Deferred.await(heard).pipe(Effect.timeoutFail({ duration: Duration.millis(250), onTimeout: () => "sin eco" }))),
        Effect.retry(Schedule.spaced(Duration.millis(50)).pipe(Schedule.upTo(LISTEN_PROOF))),
        Effect.catchAll(() => Effect.logWarning("El LISTEN de casos no respondió a tiempo; sigue intentándolo"))
      )
      return {
        ...local,
        publish: (notice) => notify(JSON.stringify(notice)).pipe(Effect.catchAll(Effect.logWarning))
      } satisfies CaseFeedShape
    })
  )
}
