import { HttpApi, HttpApiClient, HttpClient, HttpClientRequest } from "@effect/platform"
import { Effect } from "effect"
import { PalmaApi, withCommonErrors } from "../api/Api.js"
import { withServerFaults } from "./serverFaults.js"
import { sendingVersions } from "./versions.js"

export interface ClientOptions {
  /** Origin of the server, e.g. "http://localhost:3000"; "" for same-origin in the browser. */
  readonly baseUrl: string
  /** Names the client in the `id` header; it identifies, it never authorizes. */
  readonly clientId: string
  /** The bearer to send, if any (Clerk's `__session` cookie, the CLI's stored token…). */
  readonly token: () => string | undefined
}

type PalmaGroups = typeof PalmaApi extends HttpApi.HttpApi<string, infer Groups, infer _E, infer _R> ? Groups : never
type PalmaError = typeof PalmaApi extends HttpApi.HttpApi<string, PalmaGroups, infer E, infer _R> ? E : never

/** The typed client derived from the contract: one property per group, one method per endpoint. */
export type ApiClient = HttpApiClient.Client<PalmaGroups, PalmaError, never>
type GroupName = keyof ApiClient & string

/**
 * The typed client; a write inside `ifMatch` sends that version as `If-Match`. Each group's
 * client is built on first use: deriving all ~40 groups' encoders and decoders up front took
 * 145 ms of a browser's first load (600 ms on a slow phone) for the two or three a page calls.
 */
export const makeApiClient = (options: ClientOptions) =>
  Effect.gen(function* () {
    const base = yield* HttpClient.HttpClient
    const httpClient = sendingVersions(
      HttpClient.mapRequest(withServerFaults(base), (request) => {
        const token = options.token()
        const withId = HttpClientRequest.setHeader(request, "id", options.clientId)
        return token ? HttpClientRequest.bearerToken(withId, token) : withId
      })
    )
    const built = new Map<GroupName, unknown>()
    const groupClient = (group: GroupName): unknown => {
      const known = built.get(group)
      if (known !== undefined) return known
      const definition = PalmaApi.groups[group]
      if (definition === undefined) throw new Error(`El contrato no tiene el grupo ${group}`)
      // A contract of this group alone: the client derives its calls without walking the other groups.
      const alone: Readonly<Record<string, unknown>> = Effect.runSync(
        HttpApiClient.makeWith(withCommonErrors(HttpApi.make("palma").add(definition)), { httpClient, baseUrl: options.baseUrl })
      )
      const made = alone[group]
      built.set(group, made)
      return made
    }
    const client: Partial<Record<GroupName, unknown>> = {}
    // The contract keys its groups by their names.
    for (const group of Object.keys(PalmaApi.groups) as ReadonlyArray<GroupName>)
      Object.defineProperty(client, group, { enumerable: true, get: () => groupClient(group) })
    // Every group of the contract has its getter (the loop above), answering the client
    // HttpApiClient derives for that group: the object is the whole client, assembled lazily.
    return client as ApiClient
  })
