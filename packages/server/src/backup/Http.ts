import { HttpApiBuilder, HttpServerResponse } from "@effect/platform"
import { Effect, Layer } from "effect"
import { BACKUP_CONTENT_TYPE, CurrentUser, PalmaApi } from "@palma/core/api"
import { cutOnFailure } from "../http/cutOnFailure.js"
import { served } from "../http/domainErrors.js"
import { BackupService } from "./BackupService.js"

/** Palma's `backup` group: admins download a copy of the embedded database. */
export const BackupLive = HttpApiBuilder.group(PalmaApi, "backup", (handlers) =>
  Effect.map(Effect.map(BackupService, served), (backups) =>
    handlers.handle("database", ({ request }) =>
      Effect.flatMap(CurrentUser, (actor) =>
        Effect.map(backups.database(actor), ({ fileName, bytes }) =>
          HttpServerResponse.stream(cutOnFailure(request, bytes), {
            contentType: BACKUP_CONTENT_TYPE,
            headers: { "content-disposition": `attachment; filename=${fileName}`, "cache-control": "private, no-store" }
          })
        )
      )
    )
  )
).pipe(Layer.provide(BackupService.layer))
