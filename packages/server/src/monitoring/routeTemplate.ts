import { HttpApiBuilder, type HttpApp, HttpRouter, HttpServer, HttpServerRequest } from "@effect/platform"
import { Context, Effect, FiberRef, Layer } from "effect"

/** What the server runs around the API for each request (the access log). */
export type ServeMiddleware = <E, R>(app: HttpApp.Default<E, R>) => HttpApp.Default<E, R | HttpServerRequest.HttpServerRequest>

/** The label of a request no route took (an unknown path, or one refused before routing). */
export const UNMATCHED = "unmatched"

/** Where the route that takes a request writes its template, for that request's metrics. */
export interface RouteSlot {
  route: string
}

/** Each measured request's slot, by the Node request it came as (the platform request's `source`). */
const slots = new WeakMap<object, RouteSlot>()

/** A slot for `request`, which its route fills while it is answered. */
export const routeSlotOf = (request: object): RouteSlot => {
  const slot: RouteSlot = { route: UNMATCHED }
  slots.set(request, slot)
  return slot
}

/**
 * Only the router knows which route took a request (`RouteContext`, inside the route), and the
 * measuring sits outside it: each route writes its declared path (`/api/case/getById/:id`), never
 * the path asked for, into the request's slot before running. Read from the fiber's context at
 * once: a step per request rather than three.
 */
const markRoute = <E, R>(route: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.withFiberRuntime((fiber) => {
    const context = fiber.getFiberRef(FiberRef.currentContext)
    const { source } = Context.unsafeGet(context, HttpServerRequest.HttpServerRequest)
    const slot = typeof source === "object" && source !== null ? slots.get(source) : undefined
    if (slot !== undefined) slot.route = Context.unsafeGet(context, HttpRouter.RouteContext).route.path
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
