import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi, XLSX_CONTENT_TYPE } from "@palma/core"
import { FileFormatService } from "./FileFormatService.js"

const download = (bytes: Uint8Array) =>
  HttpServerResponse.uint8Array(bytes, {
    contentType: XLSX_CONTENT_TYPE,
    headers: { "content-disposition": 'attachment; filename="plantilla.xlsx"', "cache-control": "no-store" }
  })

/** The `fileFormat` group of the contract: each plan's roster layout. */
export const FileFormatLive = HttpApiBuilder.group(PalmaApi, "fileFormat", (handlers) =>
  Effect.gen(function* () {
    const formats = yield* FileFormatService
    return handlers
      .handle("create", ({ payload }) => formats.replace(payload))
      .handle("getByProductPlanId", ({ path }) => formats.ofPlan(path.productPlan_id))
      .handle("getAll", () => formats.retails)
      .handle("deleteByProductPlanId", ({ path }) => formats.remove(path.productPlan_id))
      .handle("template", ({ path }) => Effect.map(formats.template(path.productPlan_id), download))
  })
).pipe(Layer.provide(FileFormatService.layer))
