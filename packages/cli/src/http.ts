import { FetchHttpClient } from "@effect/platform"
import { type Call, makeCall } from "@palma/core"

/** The `id` header value: it names this client to the server, it never authorizes. */
const clientId = "palma-cli"

/** The bearer the CLI sends; sign-in and refresh replace it mid-run. */
export interface Bearer {
  token: string | undefined
}

/** A Call against one server; Node 20's global fetch is all the transport the CLI needs. */
export const connect = (apiUrl: string, bearer: Bearer): Call => makeCall({ baseUrl: apiUrl, clientId, token: () => bearer.token }, FetchHttpClient.layer)
