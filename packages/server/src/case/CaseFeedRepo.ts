import type { SqlError } from "@effect/sql"
import { PgClient } from "@effect/sql-pg"
import { Effect, Option, type Stream } from "effect"

const CHANNEL = "palma_case"

/** PostgreSQL's notification channel of case changes: what one process says, every process hears. */
export interface CaseChannel {
  readonly notify: (payload: string) => Effect.Effect<void, SqlError.SqlError>
  /** Every payload notified on the channel, by any process, from the LISTEN on. */
  readonly listen: Stream.Stream<string, SqlError.SqlError>
}

/** The case channel on PostgreSQL; none on the embedded database (one process, nobody else to tell). */
export const caseChannel: Effect.Effect<Option.Option<CaseChannel>> = Effect.map(
  Effect.serviceOption(PgClient.PgClient),
  Option.map((pg) => ({
    // pg_notify, not the client's notify: NOTIFY takes no bind parameters, so the client's fails.
    notify: (payload) => Effect.asVoid(pg`SELECT pg_notify(${CHANNEL}, ${payload})`),
    listen: pg.listen(CHANNEL)
  }))
)
