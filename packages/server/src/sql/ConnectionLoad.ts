import { Context } from "effect"

/** How busy the database's connections are at one moment. */
export interface ConnectionLoadSnapshot {
  /** Connections running a statement or held by a transaction. */
  readonly inUse: number
  /** Connections open and free. */
  readonly idle: number
  /** Statements and transactions waiting for a connection. */
  readonly waiting: number
}

/**
 * Reads the database's connection load (PGlite's one connection and its queue, or PostgreSQL's
 * pool), for the metrics. A plain read of counters the database layer keeps anyway: no query.
 */
export class ConnectionLoad extends Context.Tag("palma/ConnectionLoad")<ConnectionLoad, () => ConnectionLoadSnapshot>() {}
