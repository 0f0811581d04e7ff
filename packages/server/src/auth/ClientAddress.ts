import type { HttpServerRequest } from "@effect/platform"
import { Option } from "effect"

/** "::ffff:10.0.0.1" and "10.0.0.1" are one client. */
const normalized = (address: string) => address.trim().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "")

/**
 * The client address throttling counts: the socket's peer. Only behind a proxy the operator
 * declared (PALMA_TRUST_PROXY=1) is X-Forwarded-For read, and then its last entry, the one the
 * proxy itself appended: earlier entries are whatever the client chose to send.
 */
export const clientAddress = (request: HttpServerRequest.HttpServerRequest, trustProxy: boolean): string | null => {
  if (trustProxy) {
    const forwarded = request.headers["x-forwarded-for"]
    const last = forwarded
      ?.split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "")
      .at(-1)
    if (last !== undefined) return normalized(last)
  }
  return Option.match(request.remoteAddress, { onNone: () => null, onSome: normalized })
}
