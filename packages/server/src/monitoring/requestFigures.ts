import type { Counter, Histogram } from "prom-client"

/** Answers with one status to one method on one route, counted in a plain number between scrapes. */
interface Answered {
  readonly labels: { readonly method: string; readonly route: string; readonly status: number }
  count: number
  reported: number
}

/** One method on one route: its latency series and its answers by status, made on its first request and kept. */
interface RouteFigures {
  readonly latency: Histogram.Internal<"method" | "route">
  readonly byStatus: Map<number, Answered>
}

/**
 * The request series' bookkeeping, cheap per request: labels are a route template, a method and a
 * status, few and fixed, so each set is built once and found again through two maps, not built and
 * hashed into a string at every request as prom-client's `inc({ … })` does. Requests answered and
 * in flight are plain numbers handed to prom-client when a scrape asks (`report`, `inFlight`); the
 * latency is observed at once, through the series' child (`labels(…)`) made once: `observe(labels, …)`
 * builds that child again at every call.
 */
export const requestFigures = (latency: Histogram<"method" | "route">) => {
  const routes = new Map<string, Map<string, RouteFigures>>()
  let inFlight = 0
  const figuresOf = (method: string, route: string): RouteFigures => {
    let byMethod = routes.get(route)
    if (byMethod === undefined) routes.set(route, (byMethod = new Map()))
    let figures = byMethod.get(method)
    if (figures === undefined) byMethod.set(method, (figures = { latency: latency.labels(method, route), byStatus: new Map() }))
    return figures
  }
  return {
    started: () => {
      inFlight++
    },
    ended: (method: string, route: string, status: number, seconds: number) => {
      inFlight--
      const figures = figuresOf(method, route)
      const answered = figures.byStatus.get(status)
      if (answered === undefined) figures.byStatus.set(status, { labels: { method, route, status }, count: 1, reported: 0 })
      else answered.count++
      figures.latency.observe(seconds)
    },
    inFlight: () => inFlight,
    /** Adds to `requests` what was answered since the last scrape (its `collect`). */
    report: (requests: Counter<"method" | "route" | "status">) => {
      for (const byMethod of routes.values()) {
        for (const figures of byMethod.values()) {
          for (const answered of figures.byStatus.values()) {
            if (answered.count === answered.reported) continue
            requests.inc(answered.labels, answered.count - answered.reported)
            answered.reported = answered.count
          }
        }
      }
    }
  }
}
