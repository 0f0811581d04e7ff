import { FetchHttpClient } from "@effect/platform"
import { type Call, makeCall } from "@palma/core"
import { readSessionCookie } from "./sessionCookie"

/** Where the bearer of the next call comes from; Clerk mode swaps in Clerk's `getToken()`. */
export type BearerSource = () => Promise<string | null | undefined> | string | null | undefined

let bearerSource: BearerSource = readSessionCookie
/** The bearer read for the call being sent (the client reads it synchronously while building the request). */
let bearer: string | undefined

/**
 * Sets where API calls get their bearer and returns how to restore the previous source.
 * Without one the `__session` cookie is read (Clerk's cookie; HttpOnly and sent by the browser in local mode).
 */
export const setBearerSource = (source: BearerSource): (() => void) => {
  const previous = bearerSource
  bearerSource = source
  return () => {
    if (bearerSource === source) bearerSource = previous
  }
}

const send = makeCall({ baseUrl: "", clientId: "palma-web", token: () => bearer }, FetchHttpClient.layer)

const currentBearer = async () => (await Promise.resolve(bearerSource()).catch(() => undefined)) ?? readSessionCookie()

/** Calls the same-origin API; failures reject with core's ApiFailure (Spanish message). */
export const call: Call = async (f) => {
  bearer = await currentBearer()
  return send(f)
}
