import { HttpApiBuilder, type HttpApp, HttpRouter, HttpServer, HttpServerRequest } from "@effect/platform"
import { Context, Effect, FiberRef, Layer } from "effect"

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
 * Only the router knows which route took a request (`RouteContext`, inside the route), and the
 * measuring sits outside it: each route writes its declared path (`/api/case/getById/:id`), never
 * the path asked for, on the request before running. Read from the fiber's context at
 * once: a step per request rather than three.
 */
const markRoute = <E, R>(route: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.withFiberRuntime((fiber) => {
    const context = fiber.getFiberRef(FiberRef.currentContext)
    const { source } = Context.unsafeGet(context, HttpServerRequest.HttpServerRequest)
    if (typeof source === "object" && source !== null) (source as Marked)[templateKey] = Context.unsafeGet(context, HttpRouter.RouteContext).route.path
    return route
  })

/** The API's router with every route marking its template. */
const routerMarkingRoutes = Layer.effect(
  HttpApiBuilder.Router,
  Effect.map(HttpApiBuilder.Router, (service) => ({ ...service, router: Effect.map(service.router, HttpRouter.use(markRoute)) }))
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
