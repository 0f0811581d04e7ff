import { HttpClient, HttpClientRequest, type HttpClientResponse } from "@effect/platform"
import { Effect } from "effect"
import { uuidWithin } from "../domain/uuid.js"

/**
 * The id a JSON body names (the seed's `updateById` and upserts carry it there), if any: its `id`,
 * else the `productPlan_id` of a plan's file format (read at `getByProductPlanId/:productPlan_id`),
 * else the `case_id` of a case document (read at `case/getById/:id`).
 */
const bodyId = (request: HttpClientRequest.HttpClientRequest): string | undefined => {
  if (request.body._tag !== "Uint8Array") return undefined
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(request.body.body))
    if (typeof parsed !== "object" || parsed === null) return undefined
    const id = "id" in parsed ? parsed.id : "productPlan_id" in parsed ? parsed.productPlan_id : "case_id" in parsed ? parsed.case_id : undefined
    return typeof id === "string" && uuidWithin.test(id) ? id.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

/**
 * The record a request is about: its resource (the path's first segment after `/api`) and the
 * first id in its path, or else the id in its JSON body. `/api/family/get/:id`,
 * `/api/family/update/:id` and `/api/family/delete/:id` are one record.
 */
const recordOf = (request: HttpClientRequest.HttpClientRequest): string | undefined => {
  const path = new URL(request.url, "http://palma").pathname
  const resource = /^\/api\/([^/]+)\//.exec(path)?.[1]
  if (resource === undefined) return undefined
  const id = uuidWithin.exec(path)?.[0]?.toLowerCase() ?? (request.method === "GET" ? undefined : bodyId(request))
  return id === undefined ? undefined : `${resource}:${id}`
}

/**
 * DESIGN §2 "Concurrency on writes", on the client's side: remembers the `ETag` of each record it
 * last read or wrote, and sends it as `If-Match` on that record's next update or delete (unless the
 * request names its own), so every screen and command gets a 412 instead of silently overwriting
 * another user's change.
 */
export const withETags = (client: HttpClient.HttpClient): HttpClient.HttpClient => {
  const tags = new Map<string, string>()
  const remember = (response: HttpClientResponse.HttpClientResponse) =>
    Effect.sync(() => {
      const record = recordOf(response.request)
      if (record === undefined) return
      const tag = response.headers["etag"]
      if (response.request.method === "DELETE" && response.status < 300) tags.delete(record)
      else if (tag !== undefined && response.status < 300) tags.set(record, tag)
    })
  return client.pipe(
    HttpClient.mapRequest((request) => {
      if (request.method === "GET" || request.method === "HEAD") return request
      // A caller that names the version it decided on (a case's step) holds the write to that one, not to the last one read.
      if (request.headers["if-match"] !== undefined) return request
      const record = recordOf(request)
      const tag = record === undefined ? undefined : tags.get(record)
      return tag === undefined ? request : HttpClientRequest.setHeader(request, "if-match", tag)
    }),
    HttpClient.tap(remember)
  )
}
