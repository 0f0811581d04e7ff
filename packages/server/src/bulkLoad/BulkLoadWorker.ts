import { randomUUID } from "node:crypto"
import { Context, Duration, Effect, Layer, Option, Queue } from "effect"
import { BULK_LOAD_REVIEW_DAYS } from "@palma/core/domain"
import { Drain } from "../drain/Drain.js"
import { isSharedDatabase } from "../sql/sharedDatabase.js"
import { BulkLoadRepo } from "./BulkLoadRepo.js"
import { BulkLoadRunner } from "./BulkLoadRunner.js"

/** How often a process on a shared PostgreSQL looks for jobs other processes queued or left behind. */
const POLL = Duration.seconds(2)

export interface BulkLoadWorkerOptions {
  /** How long a job stays held without a renewal before another process takes it over. */
  readonly leaseSeconds: number
}

/**
 * This process's runner of insured uploads: one job at a time, claimed from the database, so any
 * API process can run any job and one whose process died is taken over when its lease runs out.
 * `wake` says a job was queued or confirmed here. On the embedded database this process is the
 * only one, so a job held by an earlier run (killed mid-load) is taken again at once, and nothing
 * needs polling.
 */
export class BulkLoadWorker extends Context.Tag("palma/BulkLoadWorker")<BulkLoadWorker, { readonly wake: Effect.Effect<void> }>() {
  static readonly layer = (options: BulkLoadWorkerOptions) =>
    Layer.scoped(
      BulkLoadWorker,
      Effect.gen(function* () {
        const repo = yield* BulkLoadRepo
        const runner = yield* BulkLoadRunner
        const drain = yield* Drain
        const shared = yield* isSharedDatabase
        const owner = randomUUID()
        const signal = yield* Queue.sliding<void>(1)
        const idle = shared ? Effect.race(Queue.take(signal), Effect.sleep(POLL)) : Queue.take(signal)
        // Each look for work also discards checks left unconfirmed too long (any process may: it is idempotent).
        const step = Effect.flatMap(
          Effect.zipRight(repo.expireChecks(BULK_LOAD_REVIEW_DAYS), repo.claim(owner, options.leaseSeconds)),
          Option.match({ onNone: () => idle, onSome: (job) => runner.run(job, owner, options.leaseSeconds) })
        )
        // Released inside the runner's fiber, not while the server is being built: the start doesn't wait for it.
        const released = shared ? Effect.void : repo.releaseAll
        yield* Effect.zipRight(released, Effect.forever(step)).pipe(
          // A database hiccup must not stop uploads for the life of the process.
          Effect.catchAllCause((cause) => Effect.logError("El ejecutor de cargas se detuvo; reintenta", cause).pipe(Effect.zipRight(Effect.sleep(POLL)))),
          Effect.forever,
          // A stopping process takes no more jobs and gives up the one it runs (its batch rolled back):
          // another process takes it on its next look, not when the lease runs out.
          Effect.raceFirst(drain.started),
          Effect.ensuring(repo.release(owner)),
          Effect.forkScoped
        )
        yield* Queue.offer(signal, undefined)
        return { wake: Effect.asVoid(Queue.offer(signal, undefined)) }
      })
    )
}
