import type { HttpServerRequest } from "@effect/platform"
import { Effect } from "effect"
import { LOGO_MAX_BYTES, type LogoContentType, LOGO_TOO_LARGE } from "@palma/core/domain"
import { type BadRequest, type PayloadTooLarge } from "@palma/core/api"
import { detectImageType } from "../http/form/fileType.js"
import { readUpload } from "../http/form/readUpload.js"

export interface LogoUpload {
  readonly id: string
  readonly contentType: LogoContentType
  readonly data: Uint8Array
}

/**
 * Reads the logo form (`id` and one `file`) from the request. The uploaded name and declared type
 * are ignored: the type comes from the bytes, and nothing is written to disk.
 */
export const readLogoUpload = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<LogoUpload, BadRequest | PayloadTooLarge> =>
  Effect.map(
    readUpload(request, {
      idFields: ["id"],
      fileField: "file",
      maxBytes: LOGO_MAX_BYTES,
      notAForm: "El logo debe enviarse como formulario multipart/form-data con los campos id y file",
      tooLarge: LOGO_TOO_LARGE,
      missing: { id: "Indique el canal (id)", file: "Adjunte el archivo del logo" },
      detect: detectImageType,
      wrongType: "El archivo no es una imagen PNG, JPG, GIF o WEBP"
    }),
    (upload) => ({ id: upload.ids.id, contentType: upload.contentType, data: upload.data })
  )
