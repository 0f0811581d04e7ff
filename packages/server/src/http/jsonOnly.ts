import { HttpApiBuilder, HttpIncomingMessage, HttpServerRequest } from "@effect/platform"
import { Effect, Option } from "effect"
import { BadRequest, PayloadTooLarge } from "@palma/core"

/** Bodies above this are refused with 413 before being parsed. */
export const MAX_JSON_BODY_BYTES = 1024 * 1024

const hasBody = (request: HttpServerRequest.HttpServerRequest) =>
  (request.headers["content-length"] !== undefined && request.headers["content-length"] !== "0") ||
  request.headers["transfer-encoding"] !== undefined

/**
 * The API speaks JSON only: a form-encoded or multipart body is refused before
 * decoding, so a cross-site HTML form (which needs no CORS preflight) can never
 * sign in or write. Body size is bounded for every request.
 */
export const JsonOnlyLive = HttpApiBuilder.middleware((app) =>
  Effect.gen(function* () {
    const request = yield* HttpServerRequest.HttpServerRequest
    const contentType = (request.headers["content-type"] ?? "").toLowerCase()
    // Refused on the declared length, before reading: the client gets a 413 instead of a reset connection.
    if (Number(request.headers["content-length"] ?? 0) > MAX_JSON_BODY_BYTES) {
      return yield* Effect.fail(new PayloadTooLarge({ message: "La solicitud es demasiado grande (máximo 1 MB)" }))
    }
    if (hasBody(request) && !contentType.startsWith("application/json")) {
      return yield* Effect.fail(new BadRequest({ message: "El cuerpo de la solicitud debe ser JSON (Content-Type: application/json)", issues: [] }))
    }
    return yield* app
  }).pipe(HttpIncomingMessage.withMaxBodySize(Option.some(MAX_JSON_BODY_BYTES))) as unknown as typeof app
)
