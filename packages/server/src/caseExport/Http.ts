import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { PalmaApi, XLSX_CONTENT_TYPE } from "@palma/core/api"
import { cutOnFailure } from "../http/cutOnFailure.js"
import { served } from "../http/domainErrors.js"
import { CaseExportService } from "./CaseExportService.js"

/** The `caseExport` group of the contract: casos.xlsx, its preview and the months with cases. */
export const CaseExportLive = HttpApiBuilder.group(PalmaApi, "caseExport", (handlers) =>
  Effect.map(Effect.map(CaseExportService, served), (exports) =>
    handlers
      .handle("getAllCaseDates", () => exports.dates)
      .handle("getAllExports", ({ urlParams }) => exports.preview(urlParams))
      .handle("exportCases", ({ request, urlParams }) =>
        Effect.map(exports.workbook(urlParams), (bytes) =>
          HttpServerResponse.stream(cutOnFailure(request, bytes), {
            contentType: XLSX_CONTENT_TYPE,
            headers: {
              "content-disposition": "attachment; filename=casos.xlsx",
              // The original client reads the file name from this header across origins.
              "access-control-expose-headers": "Content-Disposition",
              "cache-control": "private, no-store"
            }
          })
        )
      )
  )
).pipe(Layer.provide(CaseExportService.layer))
