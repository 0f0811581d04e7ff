import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { readLogoUpload } from "./logoUpload.js"
import type { StoredLogo } from "./RetailRepo.js"
import { RetailService } from "./RetailService.js"

/** The stored bytes, as stored; nosniff so a browser never reinterprets them. */
const logoResponse = (logo: StoredLogo) =>
  HttpServerResponse.uint8Array(logo.data, {
    contentType: logo.contentType,
    headers: { "cache-control": "no-cache", "x-content-type-options": "nosniff", "content-security-policy": "default-src 'none'" }
  })

/** The `retail` group of the contract: who sells the plans. */
export const RetailLive = HttpApiBuilder.group(PalmaApi, "retail", (handlers) =>
  Effect.gen(function* () {
    const retails = served(yield* RetailService)
    return (
      handlers
        .handle("create", ({ payload }) => retails.upsert(payload))
        .handle("update", ({ path, payload }) =>
          ifMatch.pipe(
            Effect.flatMap((precondition) => retails.update(path.id, payload, precondition)),
            Effect.flatMap(answerVersioned)
          )
        )
        .handle("getAll", () => retails.all)
        .handle("page", ({ urlParams }) => retails.page(urlParams))
        .handle("getBySearchValues", ({ payload }) => retails.search(payload))
        .handle("getById", ({ path }) => Effect.flatMap(retails.getById(path.id), answerVersioned))
        .handle("getByRut", ({ path }) => Effect.flatMap(retails.getByRut(path.rut), answerVersioned))
        .handle("getProductsAndRetail", () => retails.withPlans)
        .handle("getCustomersByRetailIdAndProductId", ({ path }) => retails.customersOf(path.retail_id, path.productPlan_id))
        .handle("deleteById", ({ path }) => Effect.flatMap(ifMatch, (precondition) => retails.deactivate(path.id, precondition)))
        .handle("deleted", ({ urlParams }) => retails.deleted(urlParams))
        .handle("restore", ({ path }) => Effect.flatMap(retails.restore(path.id), answerVersioned))
        // The platform leaves the body unread (a multipart *stream* payload); it is read whole and parsed strictly here.
        .handle("uploadLogo", ({ request }) => Effect.flatMap(readLogoUpload(request), retails.saveLogo))
        .handle("logo", ({ path }) => Effect.map(retails.logo(path.id), logoResponse))
    )
  })
).pipe(Layer.provide(RetailService.layer))
