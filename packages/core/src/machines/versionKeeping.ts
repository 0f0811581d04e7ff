import { type Failure, failureOf } from "../client/machineFailure.js"
import { heldVersions, type Versioned } from "../client/versions.js"

/**
 * How a machine keeps the versions (`ETag`) of the records it reads, by key, and sends each with
 * the record's next write: one piece for the machines that read records one at a time (a list's
 * items, a customer's file, one record's page).
 */
export interface HoldsVersions {
  readonly versions: Readonly<Record<string, string>>
}

/** A read that failed, as every version-keeping machine emits it. */
export interface Unreadable {
  readonly type: "unreadable"
  readonly failure: Failure
}

export const unreadable = (error: unknown): Unreadable => ({ type: "unreadable", failure: failureOf(error) })

/**
 * The version keeping of records keyed by `keyOf` (of the record read, and of the machine's context
 * for a machine that holds one record under the id it opened): `held` assigns `versions` after a
 * read that answered a record with its version (the read's actor output); `sent` is what a write of
 * the record at `key` sends as If-Match (undefined: never read with one, so not guarded).
 */
export const versionKeeping = <V, C extends HoldsVersions = HoldsVersions>(keyOf: (record: V, context: C) => string) => ({
  held: ({ context, event }: { readonly context: C; readonly event: { readonly output: Versioned<V> } }) =>
    heldVersions(context.versions, keyOf(event.output.record, context), event.output.version),
  sent: (context: C, key: string): string | undefined => context.versions[key]
})
