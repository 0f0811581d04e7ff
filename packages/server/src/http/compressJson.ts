import { HttpBody, type HttpServerRequest, HttpServerResponse } from "@effect/platform"
import { Effect } from "effect"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import { type Coding, preferredCoding } from "./acceptEncoding.js"

/** Below about one network packet compression saves no round trip and costs CPU on every answer. */
export const compressFromBytes = 1400

/** Fast settings: these answers are compressed as they are sent (brotli 5 is about gzip 6's speed, smaller). */
const compressors: Readonly<Record<Coding, (body: Uint8Array) => Uint8Array>> = {
  br: (body) =>
    brotliCompressSync(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length
      }
    }),
  gzip: (body) => gzipSync(body, { level: 6 })
}

/** Compressed copies of bodies answered again and again as the same bytes (the comunas list), kept while the body lives. */
const copies = new WeakMap<Uint8Array, Partial<Record<Coding, Uint8Array>>>()

const compressed = (body: Uint8Array, coding: Coding): Uint8Array => {
  const known = copies.get(body) ?? {}
  const copy = known[coding] ?? compressors[coding](body)
  known[coding] = copy
  copies.set(body, known)
  return copy
}

/**
 * Just before a JSON answer of at least `compressFromBytes` is written: compressed with brotli or
 * gzip as the client's `Accept-Encoding` prefers, with `Vary: Accept-Encoding` either way.
 */
export const compressJson = (request: HttpServerRequest.HttpServerRequest, response: HttpServerResponse.HttpServerResponse) => {
  const body = response.body
  if (body._tag !== "Uint8Array" || !body.contentType.startsWith("application/json") || body.body.length < compressFromBytes) return Effect.succeed(response)
  if (response.headers["content-encoding"] !== undefined) return Effect.succeed(response)
  const varied = HttpServerResponse.setHeader(response, "vary", "Accept-Encoding")
  const coding = preferredCoding(request.headers["accept-encoding"], ["br", "gzip"])
  if (coding === undefined) return Effect.succeed(varied)
  return Effect.sync(() =>
    HttpServerResponse.setHeader(
      HttpServerResponse.setBody(varied, HttpBody.uint8Array(compressed(body.body, coding), body.contentType)),
      "content-encoding",
      coding
    )
  )
}
