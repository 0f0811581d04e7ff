import { HttpClient, HttpClientError } from "@effect/platform"
import { Effect } from "effect"

/** Palma's typed errors carry their tag; anything else at 5xx came from somewhere else. */
const isTypedError = (body: unknown) => typeof body === "object" && body !== null && "_tag" in body && typeof body._tag === "string"

/**
 * A 5xx that is not one of Palma's typed answers (a proxy's page, a crashed handler, a 503 of a
 * load balancer) fails as the server's fault. Decoded as the contract's `Unavailable`, it failed
 * on its missing `_tag` and reached the person as «_tag:» and the required-field message, a 400.
 * The body is read once: the response keeps its text for the decoder.
 */
export const withServerFaults = (client: HttpClient.HttpClient): HttpClient.HttpClient =>
  HttpClient.transformResponse(
    client,
    Effect.flatMap((response) =>
      response.status < 500
        ? Effect.succeed(response)
        : Effect.flatMap(
            Effect.orElseSucceed(response.json, () => null),
            (body) =>
              isTypedError(body)
                ? Effect.succeed(response)
                : Effect.fail(new HttpClientError.ResponseError({ request: response.request, response, reason: "StatusCode", description: "server fault" }))
          )
    )
  )
