/**
 * The platform's floor: the smallest Effect HttpApi server (one GET endpoint, no middleware, no
 * authorization, tracing off as in Palma) answering, for each benched path, the JSON Palma returned
 * for it, decoded and encoded again as an endpoint's answer is. What separates it from the bare
 * node:http server is Effect's own cost per request; what separates Palma from it is Palma's.
 * `before` runs first on each request (by default nothing; the database's floor runs Palma's own
 * statement there: caseOpenFloor.ts).
 */
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiError, HttpApiGroup, HttpMiddleware, HttpServerRequest } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, Schema } from "effect"
import { createServer } from "node:http"
import type { BareRoutes } from "./referenceChild.ts"

const api = HttpApi.make("floor").add(
  HttpApiGroup.make("floor").add(HttpApiEndpoint.get("captured", "/*").addSuccess(Schema.Unknown).addError(HttpApiError.NotFound))
)

export const serveFloor = <R, E>(routes: BareRoutes, before: (url: string) => Effect.Effect<void, never, R> = () => Effect.void, needs?: Layer.Layer<R, E>) => {
  const bodies = new Map<string, unknown>(routes.map((route) => [route.path, JSON.parse(Buffer.from(route.bodyBase64, "base64").toString("utf8"))]))
  const handlers = HttpApiBuilder.group(api, "floor", (handlers) =>
    handlers.handle("captured", () =>
      Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) =>
        bodies.has(request.url) ? Effect.as(before(request.url), bodies.get(request.url)) : Effect.fail(new HttpApiError.NotFound())
      )
    )
  )
  const server = createServer()
  const app = HttpApiBuilder.serve().pipe(
    HttpMiddleware.withTracerDisabledWhen(() => true),
    Layer.provide(HttpApiBuilder.api(api).pipe(Layer.provide(handlers))),
    Layer.provide(NodeHttpServer.layer(() => server, { port: 0, host: "127.0.0.1" })),
    Layer.provide(Layer.setTracerEnabled(false))
  )
  Effect.runFork(Layer.launch(needs === undefined ? (app as Layer.Layer<never, never, never>) : app.pipe(Layer.provide(needs))))
  return server
}
