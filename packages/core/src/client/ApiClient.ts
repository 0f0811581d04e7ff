import { HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { Effect } from "effect"
import { PalmaApi } from "../api/Api.js"
import { withETags } from "./etags.js"

export interface ClientOptions {
  /** Origin of the server, e.g. "http://localhost:3000"; "" for same-origin in the browser. */
  readonly baseUrl: string
  /** Names the client in the `id` header; it identifies, it never authorizes. */
  readonly clientId: string
  /** The bearer to send, if any (Clerk's `__session` cookie, the CLI's stored token…). */
  readonly token: () => string | undefined
}

/** The typed client derived from the contract; it sends `If-Match` with the version of the record it last read. */
export const makeApiClient = (options: ClientOptions) =>
  HttpApiClient.make(PalmaApi, {
    baseUrl: options.baseUrl,
    transformClient: (client) =>
      withETags(
        HttpClient.mapRequest(client, (request) => {
          const token = options.token()
          const withId = HttpClientRequest.setHeader(request, "id", options.clientId)
          return token ? HttpClientRequest.bearerToken(withId, token) : withId
        })
      )
  })

export type ApiClient = Effect.Effect.Success<ReturnType<typeof makeApiClient>>
