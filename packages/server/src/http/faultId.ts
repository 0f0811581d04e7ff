import { type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { randomBytes } from "node:crypto"

/** Fault ids by the underlying request, for the log line written after the answer. */
const ids = new WeakMap<object, string>()

const keyOf = (request: HttpServerRequest.HttpServerRequest): object | undefined =>
  typeof request.source === "object" && request.source !== null ? request.source : undefined

/** The id a server fault's answer carried, if this request had one. */
export const faultIdOf = (request: HttpServerRequest.HttpServerRequest): string | undefined => {
  const key = keyOf(request)
  return key === undefined ? undefined : ids.get(key)
}

/**
 * Before a 5xx answer is written: it carries an id (header `x-request-id`; a bare 500 also gets a
 * Spanish JSON body naming it) that the error log line repeats, so support can find the fault
 * from what the user reports — without the log holding anything about the user.
 */
export const markFaults = (request: HttpServerRequest.HttpServerRequest, response: HttpServerResponse.HttpServerResponse) => {
  if (response.status < 500) return Effect.succeed(response)
  return Effect.sync(() => {
    const id = randomBytes(6).toString("hex")
    const key = keyOf(request)
    if (key !== undefined) ids.set(key, id)
    const answered =
      response.body._tag === "Empty"
        ? HttpServerResponse.unsafeJson(
            { message: `Ocurrió un error inesperado en el servidor. Si se repite, informe el código ${id}.`, requestId: id },
            { status: response.status, headers: response.headers }
          )
        : response
    return HttpServerResponse.setHeader(answered, "x-request-id", id)
  })
}
