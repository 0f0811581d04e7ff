import type { HttpClientResponse } from "@effect/platform"
import type { Effect } from "effect"
import { fromPromise } from "xstate"
import type { Call } from "./caller.js"
import type { ApiClient } from "./ApiClient.js"
import { ifMatch, type Versioned, versioned } from "./versions.js"
import { PalmaApi } from "../api/Api.js"
import type { ItemRemoval, ItemWrite, ResourceQuery, ListResult } from "../machines/resource.js"

/** Names of the groups that share the master contract shape. */
export type MasterName = "family" | "specialty" | "document" | "valueType" | "value" | "stage" | "relationship" | "qualification" | "procedure"

/**
 * The resource actors for one master, calling the contract. `paged` uses the server's pagination
 * (web tables); otherwise the whole active list (CLI). `read` answers the record with its version,
 * which `update` and `remove` send.
 */
export const resourceActors = <A extends { readonly id: string }>(call: Call, name: MasterName, paged = true) => {
  // Every master group has the same endpoints; the union of their clients is narrowed to that shape.
  const group = (client: ApiClient) => client[name] as unknown as MasterClient<A>
  const updatesById = PalmaApi.groups[name]?.endpoints.update?.path.endsWith("/updateById") === true
  return {
    list: fromPromise<ListResult<A>, ResourceQuery>(({ input }) =>
      paged
        ? call((c) => group(c).page({ urlParams: input }))
        : call((c) => group(c).list({ urlParams: { family_id: input.family_id } })).then((items) => ({ items, total: items.length }))
    ),
    create: fromPromise<A, unknown>(({ input }) => call((c) => group(c).create({ payload: input }))),
    // Seed masters update either at `PUT /update/:id` or at `PUT /updateById` with the id in the body.
    update: fromPromise<A, ItemWrite>(({ input }) =>
      call((c) =>
        ifMatch(input.version)(
          updatesById
            ? group(c).update({ payload: { ...(input.input as object), id: input.id } })
            : group(c).update({ path: { id: input.id }, payload: input.input })
        )
      )
    ),
    remove: fromPromise<A, ItemRemoval>(({ input }) => call((c) => ifMatch(input.version)(group(c).delete({ path: { id: input.id } })))),
    read: fromPromise<Versioned<A>, string>(({ input }) => call((c) => versioned(group(c).getById({ path: { id: input }, withResponse: true }))))
  }
}

interface MasterClient<A> {
  list(req: { urlParams: { family_id?: string | undefined } }): Effect.Effect<ReadonlyArray<A>, unknown>
  page(req: { urlParams: ResourceQuery }): Effect.Effect<ListResult<A>, unknown>
  create(req: { payload: unknown }): Effect.Effect<A, unknown>
  update(req: { path?: { id: string }; payload: unknown }): Effect.Effect<A, unknown>
  delete(req: { path: { id: string } }): Effect.Effect<A, unknown>
  getById(req: { path: { id: string }; withResponse: true }): Effect.Effect<readonly [A, HttpClientResponse.HttpClientResponse], unknown>
}
