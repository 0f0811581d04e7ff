import { FetchHttpClient } from "@effect/platform"
import { type Call, makeCall, type OpenLive } from "@palma/core"

/** The `id` header value: it names this client to the server, it never authorizes. */
const clientId = "palma-cli"

/** The bearer the CLI sends; sign-in and refresh replace it mid-run. */
export interface Bearer {
  token: string | undefined
}

/** A Call against one server; Node 20's global fetch is all the transport the CLI needs. */
export const connect = (apiUrl: string, bearer: Bearer): Call => makeCall({ baseUrl: apiUrl, clientId, token: () => bearer.token }, FetchHttpClient.layer)

/**
 * How the CLI opens a live stream (server-sent events, read by core's follower): the bearer as it
 * is when each connection opens (`ready` first renews it if needed), and `Last-Event-ID` when it
 * comes back after a drop, so the server resumes where it left off.
 */
export const openLiveWith =
  (apiUrl: string, bearer: Bearer, ready: () => Promise<void> = () => Promise.resolve()): OpenLive =>
  async (path, lastEventId, signal) => {
    await ready()
    const headers: Record<string, string> = { id: clientId, accept: "text/event-stream" }
    if (bearer.token !== undefined) headers["authorization"] = `Bearer ${bearer.token}`
    if (lastEventId !== undefined) headers["last-event-id"] = lastEventId
    return fetch(`${apiUrl}${path}`, { headers, signal })
  }
