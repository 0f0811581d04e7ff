import { HttpApiBuilder, type HttpApp, HttpRouter, HttpServer, HttpServerRequest } from "@effect/platform"
import { Chunk, Context, Effect, FiberRef, Layer, Option } from "effect"

/** What the server runs around the API for each request (the access log). */
export type ServeMiddleware = <E, R>(app: HttpApp.Default<E, R>) => HttpApp.Default<E, R | HttpServerRequest.HttpServerRequest>

/** The label of a request no route took (an unknown path, or one refused before routing). */
export const UNMATCHED = "unmatched"

/**
 * Where the route that takes a request writes its template: a property of the Node request itself
 * (the platform request's `source`). A WeakMap from request to a slot cost a map entry and an
 * object per request, and V8's weak maps are slow to write and to collect.
 */
const templateKey = Symbol("palma/routeTemplate")

/** A Node request a route may have marked. */
interface Marked {
  [templateKey]?: string
}

/** The template of the route that took `request`, or `unmatched`. */
// A property Palma adds to Node's request: the cast names it, nothing else is read through it.
export const routeTemplateOf = (request: object): string => (request as Marked)[templateKey] ?? UNMATCHED

/**
 * Only the router knows which route took a request, and the measuring sits outside it: each
 * route writes its declared path (`/api/case/getById/:id`), never the path asked for, on the
 * request before running. The path is fixed when the router is built, so a request pays one read
 * of its context and one property write: no lookup of the route it took, and no extra step to
 * turn its answer into a response (what `HttpRouter.use` adds to every route).
 */
const marked = <A, E, R>(template: string, handler: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.withFiberRuntime((fiber) => {
    const { source } = Context.unsafeGet(fiber.getFiberRef(FiberRef.currentContext), HttpServerRequest.HttpServerRequest)
    if (typeof source === "object" && source !== null) (source as Marked)[templateKey] = template
    return handler
  })

/** A mounted app's prefix as `mountApp` takes it (the router keeps it as a plain string; it starts with `/`). */
const mountPath = (prefix: string) => `/${prefix.replace(/^\//, "")}` as const

/** `router` with every route marking its template, and every mounted app (none in Palma) its prefix and `/*`. */
const markingRoutes = <E, R>(router: HttpRouter.HttpRouter<E, R>) =>
  Chunk.reduce(
    router.mounts,
    HttpRouter.fromIterable(
      Chunk.map(router.routes, (route) =>
        HttpRouter.makeRoute(route.method, route.path, marked(route.path, route.handler), {
          prefix: Option.getOrUndefined(route.prefix),
          uninterruptible: route.uninterruptible
        })
      )
    ),
    (marking, [prefix, app, options]) => HttpRouter.mountApp(marking, mountPath(prefix), marked(`${prefix}/*`, app), options)
  )

/** The API's router with every route marking its template. */
const routerMarkingRoutes = Layer.effect(
  HttpApiBuilder.Router,
  Effect.map(HttpApiBuilder.Router, (service) => ({ ...service, router: Effect.map(service.router, markingRoutes) }))
).pipe(Layer.provide(HttpApiBuilder.Router.Live))

/**
 * `HttpApiBuilder.serve` with the routes marking their templates: the same three steps (the API's
 * app, served with `middleware`, over the shared router and middleware registry) but reading the
 * router through `routerMarkingRoutes`. Without metrics the server uses `HttpApiBuilder.serve`
 * itself and pays nothing for this.
 */
export const serveMarkingRoutes = (middleware: ServeMiddleware) =>
  HttpApiBuilder.httpApp.pipe(
    Effect.map((app) => HttpServer.serve(app, middleware)),
    Layer.unwrapEffect,
    Layer.provide([routerMarkingRoutes, HttpApiBuilder.Middleware.layer])
  )
