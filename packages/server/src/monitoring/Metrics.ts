import { Context, Duration, Effect, Layer, Option, type Redacted } from "effect"
import { bulkLoadStatuses } from "@palma/core/domain"
import { BulkLoadRepo } from "../bulkLoad/BulkLoadRepo.js"
import { ConnectionLoad } from "../sql/ConnectionLoad.js"
import { requestFigures } from "./requestFigures.js"

/** A scrape's answer: the text and its `content-type`. */
export interface Exposition {
  readonly contentType: string
  readonly text: string
}

/** The job figures come from the database; a scrape does not wait longer than this for them. */
const JOBS_READ_WITHIN = Duration.seconds(1)

/**
 * This process's figures in the Prometheus format (prom-client): requests by method, route
 * template and status, their latency by route, requests in flight, server-sent-event clients, the
 * database connections' load, upload jobs by status and rows loaded, and Node's own (memory,
 * event-loop lag, GC). Exists only when PALMA_METRICS_TOKEN is set; prom-client is loaded then.
 */
export class Metrics extends Context.Tag("palma/Metrics")<
  Metrics,
  {
    /** What `GET /metrics` must be sent as bearer. */
    readonly token: Redacted.Redacted
    readonly requestStarted: () => void
    /** A request's end: labelled by a route's template, never the path asked for (no ids, RUTs or names). */
    readonly requestEnded: (method: string, route: string, status: number, seconds: number) => void
    readonly liveClientOpened: () => void
    readonly liveClientClosed: () => void
    readonly exposition: Effect.Effect<Exposition>
  }
>() {
  static readonly layer = (token: Redacted.Redacted) =>
    Layer.effect(
      Metrics,
      Effect.gen(function* () {
        const prom = yield* Effect.promise(() => import("prom-client"))
        // A registry of its own: several servers in one process (the tests) each keep theirs.
        const registry = new prom.Registry()
        const registers = [registry]
        prom.collectDefaultMetrics({ register: registry })
        const latency = new prom.Histogram({
          name: "palma_http_request_duration_seconds",
          help: "Time from a request's arrival until its response is written (a live stream's: until it closes), by method and route template.",
          labelNames: ["method", "route"] as const,
          registers
        })
        const figures = requestFigures(latency)
        new prom.Counter({
          name: "palma_http_requests_total",
          help: "Requests answered, by method, route template and status.",
          labelNames: ["method", "route", "status"] as const,
          registers,
          collect() {
            figures.report(this)
          }
        })
        new prom.Gauge({
          name: "palma_http_requests_in_flight",
          help: "Requests being handled or answered now (open live streams included).",
          registers,
          collect() {
            this.set(figures.inFlight())
          }
        })
        const liveClients = new prom.Gauge({ name: "palma_sse_clients", help: "Server-sent event streams open now (case and upload followers).", registers })
        const load = yield* Effect.serviceOption(ConnectionLoad)
        if (Option.isSome(load)) {
          const read = load.value
          new prom.Gauge({
            name: "palma_db_connections",
            help: "Database connections in use, idle, and statements waiting for one (PGlite has a single connection).",
            labelNames: ["state"] as const,
            registers,
            collect() {
              const now = read()
              this.set({ state: "in_use" }, now.inUse)
              this.set({ state: "idle" }, now.idle)
              this.set({ state: "waiting" }, now.waiting)
            }
          })
        }
        const jobs = new prom.Gauge({
          name: "palma_bulk_load_jobs",
          help: "Upload jobs by status, as the database holds them (the same figure on every process sharing it).",
          labelNames: ["status"] as const,
          registers
        })
        const rowsLoaded = new prom.Gauge({
          name: "palma_bulk_load_rows_loaded",
          help: "Rows written by all upload jobs, as the database holds them (the same figure on every process sharing it).",
          registers
        })
        const repo = yield* BulkLoadRepo
        // On a busy database the scrape answers without them: the last figures stay.
        const readJobs = repo.tally.pipe(
          Effect.disconnect,
          Effect.timeout(JOBS_READ_WITHIN),
          Effect.tap((tally) =>
            Effect.sync(() => {
              for (const status of bulkLoadStatuses) jobs.set({ status }, tally.jobs.get(status) ?? 0)
              rowsLoaded.set(tally.rowsLoaded)
            })
          ),
          Effect.catchAll(() => Effect.logWarning("Métricas: no se pudieron leer las cargas de la base de datos"))
        )
        return {
          token,
          requestStarted: figures.started,
          requestEnded: figures.ended,
          liveClientOpened: () => liveClients.inc(),
          liveClientClosed: () => liveClients.dec(),
          exposition: Effect.zipRight(
            readJobs,
            Effect.map(
              Effect.promise(() => registry.metrics()),
              (text) => ({ contentType: registry.contentType, text })
            )
          )
        }
      })
    ).pipe(Layer.provide(BulkLoadRepo.layer))
}
