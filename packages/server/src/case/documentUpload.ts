import type { HttpServerRequest } from "@effect/platform"
import { CASE_DOCUMENT_MAX_BYTES, CASE_DOCUMENT_TOO_LARGE } from "@palma/core/domain"
import { detectDocumentType } from "../http/form/fileType.js"
import { readUpload } from "../http/form/readUpload.js"

/** The original client's FormData: `case_id`, `document_id` and the file in `files`. */
export const readCaseDocumentUpload = (request: HttpServerRequest.HttpServerRequest) =>
  readUpload(request, {
    idFields: ["case_id", "document_id"],
    fileField: "files",
    maxBytes: CASE_DOCUMENT_MAX_BYTES,
    notAForm: "El documento debe enviarse como formulario multipart/form-data con los campos case_id, document_id y files",
    tooLarge: CASE_DOCUMENT_TOO_LARGE,
    missing: { case_id: "Indique el caso (case_id)", document_id: "Indique el documento (document_id)", file: "No se adjuntó ningún archivo" },
    detect: detectDocumentType,
    wrongType: "El archivo debe ser un PDF o una imagen PNG, JPG, GIF o WEBP"
  })
