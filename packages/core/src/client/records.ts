import type { HttpClientResponse } from "@effect/platform"
import type { Effect } from "effect"
import type { Page } from "../domain/page.js"
import type { ResourceQuery } from "../machines/resource.js"
import type { ApiClient } from "./ApiClient.js"
import type { Call } from "./caller.js"
import { ifMatch, versioned } from "./versions.js"

/** The groups whose records are deleted by deactivating them, and can be listed deleted and restored. */
export const restorableNames = [
  "family",
  "specialty",
  "document",
  "valueType",
  "value",
  "stage",
  "relationship",
  "qualification",
  "procedure",
  "assistance",
  "product",
  "retail"
] as const
export type RestorableName = (typeof restorableNames)[number]

export const isRestorable = (name: string): name is RestorableName => restorableNames.some((n) => n === name)

/** A record as these calls need it: every group answers at least its id and name. */
export interface NamedRecord {
  readonly id: string
  readonly name: string
}

interface RestorableClient<R> {
  getById(req: { path: { id: string }; withResponse: true }): Effect.Effect<readonly [R, HttpClientResponse.HttpClientResponse], unknown>
  deleted(req: { urlParams: ResourceQuery }): Effect.Effect<Page<NamedRecord>, unknown>
  restore(req: { path: { id: string } }): Effect.Effect<NamedRecord, unknown>
}

// The seed named the delete call differently per group; the rest share one name.
const deleteCall: Record<RestorableName, "delete" | "deleteById"> = {
  family: "delete",
  specialty: "delete",
  document: "delete",
  valueType: "delete",
  value: "delete",
  stage: "delete",
  relationship: "delete",
  qualification: "delete",
  procedure: "delete",
  assistance: "deleteById",
  product: "delete",
  retail: "deleteById"
}

type DeleteClient = Record<"delete" | "deleteById", (req: { path: { id: string } }) => Effect.Effect<NamedRecord, unknown>>

// Every restorable group declares these endpoints with these shapes (the contract's masterGroup,
// deletedRecordsEndpoint and restoreEndpoint); the union of their clients is narrowed to it.
const group = <R>(client: ApiClient, name: RestorableName) => client[name] as unknown as RestorableClient<R> & DeleteClient

/**
 * One record's life beyond the list: read it with its version, delete it (given the version read,
 * the delete is refused with 412 if someone changed it meanwhile), list the deleted ones and
 * restore one. For the CLI and the web's generic lists alike. `R` is the group's record as
 * `getById` answers it.
 */
export const recordCalls = <R extends NamedRecord = NamedRecord>(call: Call, name: RestorableName) => ({
  read: (id: string) => call((c) => versioned(group<R>(c, name).getById({ path: { id }, withResponse: true }))),
  remove: (id: string, version: string | undefined) => call((c) => ifMatch(version)(group(c, name)[deleteCall[name]]({ path: { id } }))),
  deleted: (query: ResourceQuery) => call((c) => group(c, name).deleted({ urlParams: query })),
  restore: (id: string) => call((c) => group(c, name).restore({ path: { id } }))
})
