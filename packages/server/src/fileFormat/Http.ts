import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi, XLSX_CONTENT_TYPE } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { answerVersioned, ifMatch } from "../http/etag.js"
import { FileFormatService } from "./FileFormatService.js"

const download = (bytes: Uint8Array) =>
  HttpServerResponse.uint8Array(bytes, {
    contentType: XLSX_CONTENT_TYPE,
    headers: { "content-disposition": 'attachment; filename="plantilla.xlsx"', "cache-control": "no-store" }
  })

/** The `fileFormat` group of the contract: each plan's roster layout. */
export const FileFormatLive = HttpApiBuilder.group(PalmaApi, "fileFormat", (handlers) =>
  Effect.gen(function* () {
    const formats = served(yield* FileFormatService)
    return handlers
      .handle("create", ({ payload }) =>
        ifMatch.pipe(
          Effect.flatMap((precondition) => formats.replace(payload, precondition)),
          Effect.flatMap(answerVersioned)
        )
      )
      .handle("getByProductPlanId", ({ path }) => Effect.flatMap(formats.ofPlan(path.productPlan_id), answerVersioned))
      .handle("getAll", () => formats.retails)
      .handle("deleteByProductPlanId", ({ path }) => Effect.flatMap(ifMatch, (precondition) => formats.remove(path.productPlan_id, precondition)))
      .handle("template", ({ path }) => Effect.map(formats.template(path.productPlan_id), download))
  })
).pipe(Layer.provide(FileFormatService.layer))
