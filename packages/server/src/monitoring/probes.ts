import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { notReadyReason, Readiness } from "./Readiness.js"

export const HEALTH_PATH = "/healthz"
export const READY_PATH = "/readyz"

const probePaths: ReadonlySet<string> = new Set([HEALTH_PATH, READY_PATH])

/** A load balancer's or orchestrator's probe: asked every few seconds, never worth a log line. */
export const isProbe = (url: string): boolean => probePaths.has(url.split("?", 1)[0] ?? "")

const answer = (text: string, status: number) =>
  HttpServerResponse.text(text, { status, contentType: "text/plain; charset=utf-8", headers: { "cache-control": "no-store" } })

/**
 * Palma's own routes for load balancers and orchestrators, beside the API and unauthenticated:
 * `GET /healthz` answers 200 while the process serves at all (no database); `GET /readyz` 200
 * while it should get requests, 503 with the reason while draining or while the database does not
 * answer (Readiness).
 */
export const ProbesLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const readiness = yield* Readiness
    yield* router.get(HEALTH_PATH, Effect.succeed(answer("ok", 200)))
    yield* router.get(
      READY_PATH,
      Effect.map(readiness.check, (state) => (state === "ready" ? answer("lista", 200) : answer(`no lista: ${notReadyReason[state]}`, 503)))
    )
  })
)
