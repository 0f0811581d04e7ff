import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core"
import { ChannelPlans } from "./ChannelPlans.js"
import { readLogoUpload } from "./logoUpload.js"
import { RetailRepo } from "./RetailRepo.js"

/** The stored bytes, as stored; nosniff so a browser never reinterprets them. */
const logoResponse = (logo: { readonly contentType: string; readonly data: Uint8Array }) =>
  HttpServerResponse.uint8Array(logo.data, {
    contentType: logo.contentType,
    headers: { "cache-control": "no-cache", "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'" }
  })

/** The retail group with its repositories; needs only the SqlClient. */
export const RetailLive = HttpApiBuilder.group(PalmaApi, "retail", (handlers) =>
  Effect.gen(function* () {
    const repo = yield* RetailRepo
    const plans = yield* ChannelPlans
    return handlers
      .handle("create", ({ payload }) => repo.upsert(payload))
      .handle("getById", ({ path }) => repo.getById(path.id))
      .handle("getByRut", ({ path }) => repo.getByRut(path.rut))
      .handle("getAll", () => repo.getAll)
      .handle("getBySearchValues", ({ payload }) => repo.search(payload))
      .handle("deleteById", ({ path }) => repo.deactivate(path.id))
      // The platform leaves the body unread (a multipart *stream* payload); it is read whole and parsed strictly here.
      .handle("uploadLogo", ({ request }) =>
        readLogoUpload(request).pipe(
          Effect.flatMap((upload) => repo.saveLogo(upload.id, { contentType: upload.contentType, data: upload.data }))
        )
      )
      .handle("logo", ({ path }) => repo.logo(path.id).pipe(Effect.map(logoResponse)))
      .handle("getProductsAndRetail", () => plans.channelsWithPlans)
  })
).pipe(Layer.provide(ChannelPlans.layer.pipe(Layer.provideMerge(RetailRepo.layer))))
