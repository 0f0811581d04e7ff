import { HttpApiBuilder, HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect, Option, Redacted } from "effect"
import { createHash, timingSafeEqual } from "node:crypto"
import { Metrics } from "./Metrics.js"

export const METRICS_PATH = "/metrics"

const digest = (text: string) => createHash("sha256").update(text).digest()

/** Compared in constant time, as digests: neither the first differing byte nor the token's length shows in the timing. */
const sameToken = (sent: string, token: Redacted.Redacted) => timingSafeEqual(digest(sent), digest(Redacted.value(token)))

const bearerOf = (authorization: string | undefined) => /^Bearer +(\S+) *$/i.exec(authorization ?? "")?.[1]

const noStore = { "cache-control": "no-store" }
const plainText = "text/plain; charset=utf-8"

/**
 * `GET /metrics` in the Prometheus text format, for a scraper that sends
 * `Authorization: Bearer <PALMA_METRICS_TOKEN>` (401 otherwise). Without the variable there are no
 * metrics: 404, as for any unknown path, rather than the web app's page.
 */
export const MetricsRouteLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const metrics = yield* Effect.serviceOption(Metrics)
    yield* router.get(
      METRICS_PATH,
      Effect.gen(function* () {
        if (Option.isNone(metrics)) return HttpServerResponse.text("No encontrado", { status: 404, contentType: plainText, headers: noStore })
        const request = yield* HttpServerRequest.HttpServerRequest
        const sent = bearerOf(request.headers.authorization)
        if (sent === undefined || !sameToken(sent, metrics.value.token)) {
          return HttpServerResponse.text("Falta el token de las métricas o no es el correcto", {
            status: 401,
            contentType: plainText,
            headers: { ...noStore, "www-authenticate": 'Bearer realm="metrics"' }
          })
        }
        const { text, contentType } = yield* metrics.value.exposition
        return HttpServerResponse.text(text, { contentType, headers: noStore })
      })
    )
  })
)
