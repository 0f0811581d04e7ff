import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer, Stream } from "effect"
import { PalmaApi, XLSX_CONTENT_TYPE } from "@palma/core/api"
import { readBulkLoadForm } from "./bulkLoadUpload.js"
import { BulkLoadService } from "./BulkLoadService.js"

/** The job's changes as server-sent events (`event: job`), closed when it ends or waits for a confirmation. */
const liveResponse = <E>(jobs: Stream.Stream<unknown, E>) =>
  HttpServerResponse.stream(
    Stream.concat(Stream.make("retry: 3000\n\n"), jobs.pipe(Stream.map((job) => `event: job\ndata: ${JSON.stringify(job)}\n\n`))).pipe(Stream.encodeText),
    { contentType: "text/event-stream", headers: { "cache-control": "no-store", "x-accel-buffering": "no" } }
  )

/** The `bulkLoad` group: the seed's roster upload and Palma's job routes beside it. */
export const bulkLoadLive = (options: { readonly leaseSeconds: number }) =>
  HttpApiBuilder.group(PalmaApi, "bulkLoad", (handlers) =>
    Effect.map(BulkLoadService, (loads) =>
      handlers
        // The platform leaves the body unread (a multipart *stream* payload): read whole, within 20 MB, and checked here.
        .handle("addLeadFromExcel", ({ request }) => Effect.flatMap(readBulkLoadForm(request), loads.upload))
        .handle("uploads", ({ urlParams }) => loads.list(urlParams))
        .handle("upload", ({ path }) => loads.find(path.id))
        .handle("uploadLive", ({ path }) => Effect.map(loads.live(path.id), liveResponse))
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
