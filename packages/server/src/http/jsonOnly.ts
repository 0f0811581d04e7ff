import { HttpApiBuilder, HttpIncomingMessage, HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import {
  BULK_LOAD_MAX_BYTES,
  CASE_DOCUMENT_MAX_BYTES,
  CASE_DOCUMENT_UPLOAD_PATH,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  CASE_DOCUMENT_TOO_LARGE,
  ROSTER_TOO_LARGE
} from "@palma/core/domain"
import { BadRequest, BULK_LOAD_UPLOAD_PATH, LOGO_UPLOAD_PATH, PayloadTooLarge } from "@palma/core/api"

/** Bodies above this are refused with 413 before being parsed. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024

/** Room for the multipart boundaries, part headers and small fields around an upload's file. */
const FORM_OVERHEAD_BYTES = 64 * 1024

/**
 * The only non-JSON bodies the API takes: multipart/form-data POSTs to these exact paths, each
 * with its own size limit, and never from a page of another site (a browser says so in
 * Sec-Fetch-Site; the session cookie is SameSite=Lax besides). Everything else stays JSON only.
 */
const multipartUploads: ReadonlyMap<string, { readonly maxBytes: number; readonly tooLarge: string }> = new Map([
  [LOGO_UPLOAD_PATH, { maxBytes: LOGO_MAX_BYTES + FORM_OVERHEAD_BYTES, tooLarge: LOGO_TOO_LARGE }],
  [CASE_DOCUMENT_UPLOAD_PATH, { maxBytes: CASE_DOCUMENT_MAX_BYTES + FORM_OVERHEAD_BYTES, tooLarge: CASE_DOCUMENT_TOO_LARGE }],
  [BULK_LOAD_UPLOAD_PATH, { maxBytes: BULK_LOAD_MAX_BYTES + FORM_OVERHEAD_BYTES, tooLarge: ROSTER_TOO_LARGE }]
])

const uploadOf = (request: HttpServerRequest.HttpServerRequest, contentType: string) =>
  request.method === "POST" && contentType.startsWith("multipart/form-data") && request.headers["sec-fetch-site"] !== "cross-site"
    ? multipartUploads.get(request.url.split("?")[0] ?? "")
    : undefined

const hasBody = (request: HttpServerRequest.HttpServerRequest) =>
  (request.headers["content-length"] !== undefined && request.headers["content-length"] !== "0") || request.headers["transfer-encoding"] !== undefined

/**
 * The API speaks JSON only: a form-encoded or multipart body is refused before
 * decoding, so a cross-site HTML form (which needs no CORS preflight) can never
 * sign in or write. Body size is bounded for every request. The one exception is an explicit
 * upload route (see `multipartUploads`): still admin-only and checked by content in its handler.
 */
export const JsonOnlyLive = HttpApiBuilder.middleware(
  // The router's app type says E = never, but this middleware fails with contract errors (413, 400) on purpose.
  (app) =>
    Effect.gen(function* () {
      const request = yield* HttpServerRequest.HttpServerRequest
      const contentType = (request.headers["content-type"] ?? "").toLowerCase()
      const upload = uploadOf(request, contentType)
      const maxBytes = upload?.maxBytes ?? MAX_JSON_BODY_BYTES
      // Refused on the declared length, before reading: the client gets a 413 instead of a reset connection.
      if (Number(request.headers["content-length"] ?? 0) > maxBytes) {
        return yield* Effect.fail(new PayloadTooLarge({ message: upload?.tooLarge ?? "La solicitud es demasiado grande (máximo 1 MB)" }))
      }
      if (hasBody(request) && upload === undefined && !contentType.startsWith("application/json")) {
        return yield* Effect.fail(new BadRequest({ message: "El cuerpo de la solicitud debe ser JSON (Content-Type: application/json)", issues: [] }))
      }
      // A JSON body must declare its length: the platform's reader, stopped at the limit mid-stream,
      // would leave the client without an answer. Browsers and fetch always send Content-Length.
      if (upload === undefined && request.headers["content-length"] === undefined && request.headers["transfer-encoding"] !== undefined) {
        return yield* Effect.fail(new BadRequest({ message: "La solicitud debe indicar su largo (Content-Length)", issues: [] }))
      }
      // Most requests are bodiless reads: no limit to set, one FiberRef change saved per request.
      if (!hasBody(request)) return yield* app
      return yield* HttpIncomingMessage.withMaxBodySize(app, Option.some(maxBytes))
    }) as unknown as typeof app
)
