import { HttpIncomingMessage, type HttpServerRequest } from "@effect/platform"
import { NodeHttpServerRequest } from "@effect/platform-node"
import { Effect, Option } from "effect"

export class BodyTooLarge {
  readonly _tag = "BodyTooLarge"
}
export class BodyUnreadable {
  readonly _tag = "BodyUnreadable"
}

/**
 * The whole request body, within the request's MaxBodySize (set per route by jsonOnly). Past the
 * limit it stops keeping bytes and fails at once, while the rest is discarded so the client
 * reads the answer (the platform's reader destroys the connection instead).
 */
export const readBody = (request: HttpServerRequest.HttpServerRequest): Effect.Effect<Uint8Array, BodyTooLarge | BodyUnreadable> =>
  Effect.flatMap(HttpIncomingMessage.MaxBodySize, (limit) =>
    Effect.async<Uint8Array, BodyTooLarge | BodyUnreadable>((resume) => {
      const source = NodeHttpServerRequest.toIncomingMessage(request)
      const maxBytes = Option.match(limit, { onNone: () => Infinity, onSome: Number })
      const chunks: Array<Buffer> = []
      let bytes = 0
      const stop = () => {
        source.off("data", onData)
        source.off("end", onEnd)
        source.off("error", onError)
      }
      const onData = (chunk: Buffer) => {
        bytes += chunk.length
        if (bytes <= maxBytes) return void chunks.push(chunk)
        stop()
        source.resume()
        resume(Effect.fail(new BodyTooLarge()))
      }
      const onEnd = () => {
        stop()
        resume(Effect.succeed(new Uint8Array(Buffer.concat(chunks))))
      }
      const onError = () => {
        stop()
        resume(Effect.fail(new BodyUnreadable()))
      }
      source.on("data", onData)
      source.once("end", onEnd)
      source.once("error", onError)
      return Effect.sync(stop)
    })
  )
