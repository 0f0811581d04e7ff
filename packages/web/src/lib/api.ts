import { FetchHttpClient } from "@effect/platform"
import { makeCall } from "@palma/core"
import { readSessionCookie } from "./sessionCookie"

/** Calls the same-origin API; failures reject with core's ApiFailure (Spanish message). */
export const call = makeCall({ baseUrl: "", clientId: "palma-web", token: readSessionCookie }, FetchHttpClient.layer)
