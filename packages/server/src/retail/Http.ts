import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi, type Retail, type RetailDetail } from "@palma/core"
import { Districts } from "../district/Districts.js"
import { ChannelPlans } from "./ChannelPlans.js"
import { readLogoUpload } from "./logoUpload.js"
import { RetailRepo } from "./RetailRepo.js"

/** The stored bytes, as stored; nosniff so a browser never reinterprets them. */
const logoResponse = (logo: { readonly contentType: string; readonly data: Uint8Array }) =>
  HttpServerResponse.uint8Array(logo.data, {
    contentType: logo.contentType,
    headers: { "cache-control": "no-cache", "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'" }
  })

/** The retail group with its repositories; needs the SqlClient. */
export const RetailLive = HttpApiBuilder.group(PalmaApi, "retail", (handlers) =>
  Effect.gen(function* () {
    const repo = yield* RetailRepo
    const plans = yield* ChannelPlans
    /** A channel as `getById` answers it: with what it sells, and no users (Palma has none per channel). */
    const detail = (channel: Retail): Effect.Effect<RetailDetail> =>
      Effect.map(plans.productsOf(channel.id), (products) => ({ ...channel, products, users: [] }))
    return (
      handlers
        .handle("create", ({ payload }) => repo.upsert(payload).pipe(Effect.flatMap(detail)))
        .handle("getAll", () => repo.getAll)
        .handle("getBySearchValues", ({ payload }) => repo.search(payload))
        .handle("getById", ({ path }) => repo.getById(path.id).pipe(Effect.flatMap(detail)))
        .handle("getByRut", ({ path }) => repo.getByRut(path.rut).pipe(Effect.flatMap(detail)))
        .handle("getProductsAndRetail", () => plans.channelsWithPlans)
        .handle("deleteById", ({ path }) => repo.deactivate(path.id))
        // The platform leaves the body unread (a multipart *stream* payload); it is read whole and parsed strictly here.
        .handle("uploadLogo", ({ request }) =>
          readLogoUpload(request).pipe(
            Effect.flatMap((upload) => repo.saveLogo(upload.id, { contentType: upload.contentType, data: upload.data })),
            Effect.flatMap(detail)
          )
        )
        .handle("logo", ({ path }) => repo.logo(path.id).pipe(Effect.map(logoResponse)))
    )
  })
).pipe(Layer.provide(ChannelPlans.layer.pipe(Layer.provideMerge(RetailRepo.layer), Layer.provide(Districts.layer))))
