import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer, Option, Stream } from "effect"
import { resumeAt } from "@palma/core/domain"
import { PalmaApi, XLSX_CONTENT_TYPE } from "@palma/core/api"
import { served } from "../http/domainErrors.js"
import { eventStreamResponse, positioned } from "../http/eventStream.js"
import { readBulkLoadForm } from "./bulkLoadUpload.js"
import { BulkLoadService } from "./BulkLoadService.js"

/** The `bulkLoad` group: the seed's roster upload and Palma's job routes beside it. */
export const bulkLoadLive = (options: { readonly leaseSeconds: number }) =>
  HttpApiBuilder.group(PalmaApi, "bulkLoad", (handlers) =>
    Effect.map(Effect.map(BulkLoadService, served), (loads) =>
      handlers
        // The platform leaves the body unread (a multipart *stream* payload): read whole, within 20 MB, and checked here.
        .handle("addLeadFromExcel", ({ request }) => Effect.flatMap(readBulkLoadForm(request), loads.upload))
        .handle("uploads", ({ urlParams }) => loads.list(urlParams))
        .handle("upload", ({ path }) => loads.find(path.id))
        // Each job event's `id:` is its position (phase, rows processed); a follower that has the job at rest already gets 204.
        .handle("uploadLive", ({ path, urlParams, headers }) =>
          Effect.map(
            loads.live(path.id, resumeAt(headers, urlParams)),
            Option.match({
              onNone: () => HttpServerResponse.empty({ status: 204 }),
              onSome: (jobs) => eventStreamResponse(jobs.pipe(Stream.map((sent) => positioned("job", sent))))
            })
          )
        )
        .handle("uploadRows", ({ path, urlParams }) => loads.rows(path.id, urlParams))
        .handle("uploadMissing", ({ path, urlParams }) => loads.missing(path.id, urlParams))
        .handle("confirmUpload", ({ path, payload }) => loads.confirm(path.id, payload))
        .handle("cancelUpload", ({ path }) => loads.cancel(path.id))
        .handle("uploadErrors", ({ path }) =>
          Effect.map(loads.errors(path.id), (bytes) =>
            HttpServerResponse.uint8Array(bytes, {
              contentType: XLSX_CONTENT_TYPE,
              headers: {
                "content-disposition": "attachment; filename=errores.xlsx",
                "access-control-expose-headers": "Content-Disposition",
                "cache-control": "private, no-store"
              }
            })
          )
        )
    )
  ).pipe(Layer.provide(BulkLoadService.layer(options)))
