/**
 * The platform's floor: the smallest Effect HttpApi server (a GET endpoint per benched path, no
 * middleware, no authorization, no database, tracing off as in Palma) answering the JSON Palma
 * returned for each path. What separates it from the bare node:http server is Effect's own cost
 * per request; what separates Palma from it is Palma's. Same IPC protocol as bareServer.ts (referenceChild.ts).
 */
import { HttpApi, HttpApiBuilder, HttpApiEndpoint, HttpApiGroup, HttpMiddleware } from "@effect/platform"
import { NodeHttpServer } from "@effect/platform-node"
import { Effect, Layer, Schema } from "effect"
import { createServer } from "node:http"
import { type BareRoutes, serveParentRoutes } from "./referenceChild.ts"

const api = HttpApi.make("floor").add(
  HttpApiGroup.make("floor")
    .add(HttpApiEndpoint.get("family", "/api/family/list").addSuccess(Schema.Unknown))
    .add(HttpApiEndpoint.get("district", "/api/district/listAll").addSuccess(Schema.Unknown))
)

const serve = (routes: BareRoutes) => {
  const body = (path: string): unknown => {
    const route = routes.find((route) => route.path === path)
    if (route === undefined) throw new Error(`El servidor Effect de referencia no conoce ${path}`)
    return JSON.parse(Buffer.from(route.bodyBase64, "base64").toString("utf8"))
  }
  const family = body("/api/family/list")
  const district = body("/api/district/listAll")
  const handlers = HttpApiBuilder.group(api, "floor", (handlers) =>
    handlers.handle("family", () => Effect.succeed(family)).handle("district", () => Effect.succeed(district))
  )
  const server = createServer()
  const app = HttpApiBuilder.serve().pipe(
    HttpMiddleware.withTracerDisabledWhen(() => true),
    Layer.provide(HttpApiBuilder.api(api).pipe(Layer.provide(handlers))),
    Layer.provide(NodeHttpServer.layer(() => server, { port: 0, host: "127.0.0.1" })),
    Layer.provide(Layer.setTracerEnabled(false))
  )
  Effect.runFork(Layer.launch(app))
  return server
}

serveParentRoutes(serve)
