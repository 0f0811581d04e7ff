import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi, XLSX_CONTENT_TYPE } from "@palma/core"
import { PlanFields } from "../field/PlanFields.js"
import { FileFormatRepo } from "./FileFormatRepo.js"
import { buildTemplate } from "./template.js"

const download = (bytes: Uint8Array) =>
  HttpServerResponse.uint8Array(bytes, {
    contentType: XLSX_CONTENT_TYPE,
    headers: { "content-disposition": 'attachment; filename="plantilla.xlsx"', "cache-control": "no-store" }
  })

export const FileFormatLive = HttpApiBuilder.group(PalmaApi, "fileFormat", (handlers) =>
  Effect.gen(function* () {
    const repo = yield* FileFormatRepo
    const planFields = yield* PlanFields
    return handlers
      .handle("create", ({ payload }) => repo.replace(payload))
      .handle("getByProductPlanId", ({ path }) => repo.ofPlan(path.productPlan_id))
      .handle("getAll", () => repo.channels)
      .handle("deleteByProductPlanId", ({ path }) => repo.remove(path.productPlan_id))
      .handle("template", ({ path }) =>
        Effect.gen(function* () {
          const columns = yield* repo.existingOf(path.productPlan_id)
          const fields = yield* planFields.ofPlan(path.productPlan_id)
          return download(yield* buildTemplate(columns, fields))
        })
      )
  })
).pipe(Layer.provide(FileFormatRepo.layer.pipe(Layer.provideMerge(PlanFields.layer))))
