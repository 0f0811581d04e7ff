import { Context, Duration, Effect, Layer, Ref } from "effect"
import { databaseProbe } from "../sql/databaseProbe.js"

/** Why the process should or should not get new requests. */
export type ReadyState = "ready" | "draining" | "databaseSilent"

/** How long the database has to answer `SELECT 1` for the process to count as ready. */
export const DATABASE_ANSWER_WITHIN = Duration.seconds(1)

/** Why a process is not ready, for the probe's body and the log. */
export const notReadyReason: Readonly<Record<Exclude<ReadyState, "ready">, string>> = {
  draining: "el proceso se está cerrando",
  databaseSilent: `la base de datos no respondió en ${Duration.toSeconds(DATABASE_ANSWER_WITHIN)} s`
}

/**
 * Whether this process should receive new requests (`GET /readyz`). The service exists only once
 * the database is migrated and seeded (the server listens after that, so while it starts a probe's
 * connection is refused); from then on it is ready while the database answers a trivial query
 * within a second and nobody called `drain`. A change of state is logged once, not every probe.
 */
export class Readiness extends Context.Tag("palma/Readiness")<
  Readiness,
  {
    readonly check: Effect.Effect<ReadyState>
    /** From now on the process is not ready: a load balancer stops sending it requests. */
    readonly drain: Effect.Effect<void>
  }
>() {
  static readonly layer = Layer.effect(
    Readiness,
    Effect.gen(function* () {
      const draining = yield* Ref.make(false)
      const last = yield* Ref.make<ReadyState>("ready")
      const databaseAnswers = yield* databaseProbe(DATABASE_ANSWER_WITHIN)
      const current = Effect.flatMap(Ref.get(draining), (isDraining): Effect.Effect<ReadyState> =>
        isDraining ? Effect.succeed("draining") : Effect.map(databaseAnswers, (answers) => (answers ? "ready" : "databaseSilent"))
      )
      const check = Effect.tap(current, (state) =>
        Effect.flatMap(Ref.getAndSet(last, state), (before) =>
          before === state
            ? Effect.void
            : state === "ready"
              ? Effect.logInfo("Palma vuelve a estar lista")
              : Effect.logWarning(`Palma no está lista: ${notReadyReason[state]}`)
        )
      )
      return { check, drain: Ref.set(draining, true) }
    })
  )
}
