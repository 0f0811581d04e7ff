import { Context, type Effect } from "effect"

/**
 * Cuts the statements this process is running in its database, at once: a process that stopped
 * taking requests must not wait for a long statement (up to PALMA_STATEMENT_TIMEOUT_SECONDS) to
 * exit. Each statement cut fails as PostgreSQL fails a cancelled one (code 57014); the requests
 * still in flight go on with their next statements. Provided by the database layer.
 */
export class RunningStatements extends Context.Tag("palma/RunningStatements")<RunningStatements, { readonly cut: Effect.Effect<void> }>() {}
