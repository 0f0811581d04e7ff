import { HttpApi, HttpApiBuilder, HttpApiScalar } from "@effect/platform"
import { Effect, Layer } from "effect"

const DOCS_PATH = "/api/docs"
const SPEC_PATH = "/api/openapi.json"

/**
 * The API's reference page (Scalar) and its OpenAPI document, built on the first request for
 * either rather than at start: the 600 KB document and the 4 MB page took about 0.2 s of every
 * start, for a page few people open. Both come from the platform's own layers, run once in a
 * router of their own.
 */
export const ApiDocsLive = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function* () {
    const api = yield* HttpApi.Api
    const docs = yield* Effect.cached(
      HttpApiBuilder.Router.router.pipe(
        Effect.provide(
          Layer.mergeAll(
            HttpApiScalar.layer({ path: DOCS_PATH, scalar: { withDefaultFonts: false } }),
            HttpApiBuilder.middlewareOpenApi({ path: SPEC_PATH })
          ).pipe(Layer.provideMerge(HttpApiBuilder.Router.Live), Layer.provide(Layer.succeed(HttpApi.Api, api)))
        )
      )
    )
    const serve = Effect.flatten(docs)
    yield* router.get(DOCS_PATH, serve)
    yield* router.get(SPEC_PATH, serve)
  })
)
