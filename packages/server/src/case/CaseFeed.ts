import { SqlClient } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Context, Effect, Layer, Option, PubSub, Schema, Stream } from "effect"
import { CaseNotice } from "@palma/core/domain"

const CHANNEL = "palma_case"
const decodeNotice = Schema.decodeUnknownOption(Schema.parseJson(CaseNotice))

export interface CaseFeedShape {
  /** Tells every listener, in every API process; called after the write committed. */
  readonly publish: (notice: CaseNotice) => Effect.Effect<void>
  /** Every notice from now on. */
  readonly notices: Stream.Stream<CaseNotice>
}

/**
 * Case changes as they happen. On PostgreSQL through LISTEN/NOTIFY, so several API processes
 * behind a load balancer hear each other; on the embedded database (one process) in memory.
 * A lost notice costs a refresh, never data: clients re-read what they show.
 */
export class CaseFeed extends Context.Tag("palma/CaseFeed")<CaseFeed, CaseFeedShape>() {
  static readonly layer = Layer.scoped(
    CaseFeed,
    Effect.gen(function* () {
      const pg = yield* Effect.serviceOption(PgClient.PgClient)
      if (Option.isSome(pg)) {
        const sql = yield* SqlClient.SqlClient
        return {
          // pg_notify, not the client's notify: NOTIFY takes no bind parameters, so the client's fails.
          publish: (notice) => sql`SELECT pg_notify(${CHANNEL}, ${JSON.stringify(notice)})`.pipe(Effect.asVoid, Effect.catchAll(Effect.logWarning)),
          notices: pg.value.listen(CHANNEL).pipe(
            Stream.filterMap(decodeNotice),
            Stream.catchAll(() => Stream.empty)
          )
        } satisfies CaseFeedShape
      }
      const hub = yield* PubSub.unbounded<CaseNotice>()
      return {
        publish: (notice) => Effect.asVoid(PubSub.publish(hub, notice)),
        notices: Stream.fromPubSub(hub)
      } satisfies CaseFeedShape
    })
  )
}
