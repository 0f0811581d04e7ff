import { HttpApiBuilder } from "@effect/platform"
import { Effect, Layer, Option } from "effect"
import { Metrics } from "./Metrics.js"
import { type ServeMiddleware, serveMarkingRoutes } from "./routeTemplate.js"

/** The API served through `middleware`; with metrics on, its routes mark their templates for the request's figures. */
export const serveApi = (middleware: ServeMiddleware) =>
  Layer.unwrapEffect(
    Effect.map(
      Effect.serviceOption(Metrics),
      Option.match({
        onNone: () => HttpApiBuilder.serve(middleware),
        onSome: () => serveMarkingRoutes(middleware)
      })
    )
  )
