import { assign, emit, fromPromise, setup } from "xstate"
import { heldVersions, type Versioned } from "../client/versions.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { type HoldsVersions, type Unreadable, unreadable, versionKeeping } from "./versionKeeping.js"
import { unprovided } from "./unprovided.js"

/** What differs between one-record pages (a retail, a plan's file format): pure functions only. */
export interface RecordSpec<R, I, D, E> {
  readonly id: string
  /** The draft the page edits, from the record as loaded or saved (null: nothing saved yet). */
  readonly draftOf: (record: R | null) => D
  /** One edit of the draft (a column added, moved…); the record is there for what the edit needs. */
  readonly edit: (draft: D, edit: E, record: R | null) => D
  /**
   * A new record's natural key (a retail's RUT): looked up before anything is written, so an
   * existing record is opened instead of overwritten unseen. Without it there is no lookup.
   */
  readonly keyOf?: (input: I) => string
}

/**
 * The record's version (`ETag`) as this page last read or wrote it, what its save and delete send,
 * is held in `versions` under the record's id (`recordVersion` reads it).
 */
export interface RecordContext<R, I, D> extends HoldsVersions {
  /** The record's id (a retail's, a plan's); null while it is a new one. */
  readonly id: string | null
  /** The record as the server has it; null while it is a new one. */
  readonly record: R | null
  readonly draft: D
  /** Why the record could not be loaded. */
  readonly failure: Failure | null
  /** What the server said when it refused the last save or delete: message, status and field issues. */
  readonly rejection: Failure | null
  /** A save waiting for the key lookup of a new record. */
  readonly pending: I | null
  /** The last key looked up, so leaving the field twice asks once. */
  readonly checkedKey: string | null
}

export type RecordEvent<I, E> =
  /** A new record's key was typed: does a record have it already? */
  | { type: "CHECK"; key: string }
  | { type: "SAVE"; input: I }
  | { type: "EDIT"; edit: E }
  /** Back to the draft of the record as saved. */
  | { type: "DISCARD" }
  | { type: "DELETE" }
  /** Read the record again (someone else saved it first: 412; a write made elsewhere, a logo upload): `reloaded` or `unreadable`. */
  | { type: "RELOAD" }
  | { type: "RETRY" }

/** What `save` and `remove` get: the record's id, the SAVE's input (null on delete), the record held and its version. */
export interface RecordWrite {
  readonly id: string | null
  readonly input: unknown
  readonly record: unknown
  readonly version: string | undefined
}

export type RecordEmitted<R> =
  /** With its new version, for a page that opens the record anew (a created one at its own address). */
  | { type: "saved"; record: R; version: string | undefined; created: boolean }
  | { type: "deleted"; record: R }
  /** A new record's key belongs to this existing record, read with its version: edit that one instead. */
  | { type: "exists"; record: R; version: string | undefined }
  | { type: "rejected"; failure: Failure }
  | { type: "reloaded"; record: R }
  | Unreadable

/** The key the record machine keeps its one record's version under: the id it was opened with ("" while new). */
const keyOf = (context: { readonly id: string | null }) => context.id ?? ""

/** What the record machine's save and delete send as If-Match: the version of the record held, when it was read with one. */
export const recordVersion = <R, I, D>(context: RecordContext<R, I, D>): string | undefined => context.versions[keyOf(context)]

/**
 * One record's page: load it (or start a new one), edit a draft, save it, delete it; outcomes
 * are emitted (`actor.on("saved" | "deleted" | "exists" | "rejected" | "reloaded")`). Hosts
 * provide `load`, `find` (the key lookup), `save` and `remove`; each answers the record with its
 * version, which the machine keeps (or hands to the page that opens a found one) and its next save
 * or delete sends.
 */
export const recordMachine = <R, I, D = null, E = never>(spec: RecordSpec<R, I, D, E>) => {
  const versions = versionKeeping<R, RecordContext<R, I, D>>((_, context) => keyOf(context))
  /** The record as a read or write answered it, its version held, and the draft made afresh from it. */
  const answered = (context: RecordContext<R, I, D>, output: Versioned<R>) => ({
    record: output.record,
    versions: versions.held({ context, event: { output } }),
    draft: spec.draftOf(output.record)
  })
  return setup({
    types: {
      context: {} as RecordContext<R, I, D>,
      events: {} as RecordEvent<I, E>,
      emitted: {} as RecordEmitted<R>,
      input: {} as {
        readonly id: string | null
        /** The record as the page that opened this one already has it (no need to load it again). */
        readonly record?: R | null
        /** Its version, when that page knows it. */
        readonly version?: string | undefined
      }
    },
    actors: {
      load: unprovided<Versioned<R>, string>("load"),
      find: fromPromise<Versioned<R> | null, string>(async () => null),
      // `input` is the SAVE's I and `record` the R | null held; typed loosely because generic inputs defeat XState's invoke inference.
      save: unprovided<Versioned<R>, RecordWrite>("save"),
      remove: unprovided<Versioned<R>, RecordWrite>("remove")
    },
    actions: {
      announce: emit((_, outcome: RecordEmitted<R>) => outcome)
    },
    guards: {
      hasRecord: ({ context }) => context.record !== null,
      hasId: ({ context }) => context.id !== null,
      /** A new record whose key was not looked up yet. */
      keyUnchecked: ({ context, event }) => {
        if (spec.keyOf === undefined || context.record !== null) return false
        if (event.type === "CHECK") return event.key !== context.checkedKey
        return event.type === "SAVE" && spec.keyOf(event.input) !== context.checkedKey
      },
      hasPending: ({ context }) => context.pending !== null
    }
  }).createMachine({
    id: spec.id,
    context: ({ input }) => {
      const record = input.record ?? null
      // A record handed over without its version is not guarded until it is read again.
      const versions = heldVersions({}, keyOf(input), input.version)
      return { id: input.id, record, versions, draft: spec.draftOf(record), failure: null, rejection: null, pending: null, checkedKey: null }
    },
    initial: "start",
    states: {
      start: { always: [{ guard: "hasRecord", target: "ready" }, { guard: "hasId", target: "loading" }, { target: "ready" }] },
      loading: {
        entry: assign({ failure: null }),
        invoke: {
          src: "load",
          input: ({ context }) => context.id ?? "",
          onDone: { target: "ready", actions: assign(({ context, event }) => answered(context, event.output)) },
          onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
        }
      },
      failure: { on: { RETRY: "loading" } },
      ready: {
        on: {
          CHECK: { guard: "keyUnchecked", target: "checking", actions: assign({ checkedKey: ({ event }) => event.key }) },
          SAVE: [
            {
              guard: "keyUnchecked",
              target: "checking",
              actions: assign(({ event }) => ({ pending: event.input, checkedKey: spec.keyOf?.(event.input) ?? null, rejection: null }))
            },
            { target: "saving", actions: assign({ pending: ({ event }) => event.input, rejection: null }) }
          ],
          EDIT: { actions: assign({ draft: ({ context, event }) => spec.edit(context.draft, event.edit, context.record) }) },
          DISCARD: { actions: assign({ draft: ({ context }) => spec.draftOf(context.record), rejection: null }) },
          DELETE: { guard: "hasRecord", target: "deleting", actions: assign({ rejection: null }) },
          RELOAD: { guard: "hasId", target: "reloading" }
        }
      },
      reloading: {
        invoke: {
          src: "load",
          input: ({ context }) => context.id ?? "",
          onDone: {
            target: "ready",
            actions: [
              // The refusal stays: the page keeps saying why it reloaded until the next save.
              assign(({ context, event }) => answered(context, event.output)),
              { type: "announce", params: ({ event }) => ({ type: "reloaded", record: event.output.record }) }
            ]
          },
          onError: {
            target: "ready",
            actions: [assign({ rejection: ({ event }) => failureOf(event.error) }), { type: "announce", params: ({ event }) => unreadable(event.error) }]
          }
        }
      },
      checking: {
        on: {
          // Guardar while the key is being looked up: saved once the lookup says it is free.
          SAVE: { actions: assign({ pending: ({ event }) => event.input, rejection: null }) }
        },
        invoke: {
          src: "find",
          input: ({ context }) => context.checkedKey ?? "",
          onDone: [
            {
              guard: ({ event }) => event.output !== null,
              target: "found",
              actions: {
                type: "announce",
                params: ({ event }: { event: { output: Versioned<R> | null } }) => ({ type: "exists", ...(event.output as Versioned<R>) })
              }
            },
            { guard: "hasPending", target: "saving" },
            { target: "ready" }
          ],
          // The lookup failed: the save (if asked) goes on; the server has the last word anyway.
          onError: [{ guard: "hasPending", target: "saving" }, { target: "ready" }]
        }
      },
      found: { type: "final" },
      saving: {
        invoke: {
          src: "save",
          input: ({ context }) => ({ id: context.id, input: context.pending, record: context.record, version: versions.sent(context, keyOf(context)) }),
          onDone: {
            target: "ready",
            actions: [
              { type: "announce", params: ({ context, event }) => ({ type: "saved", ...event.output, created: context.record === null }) },
              assign(({ context, event }) => ({ ...answered(context, event.output), pending: null }))
            ]
          },
          onError: {
            target: "ready",
            actions: [
              assign({ rejection: ({ event }) => failureOf(event.error), pending: null }),
              { type: "announce", params: ({ event }) => ({ type: "rejected", failure: failureOf(event.error) }) }
            ]
          }
        }
      },
      deleting: {
        invoke: {
          src: "remove",
          input: ({ context }: { context: RecordContext<R, I, D> }) => ({
            id: context.id,
            input: null,
            record: context.record,
            version: versions.sent(context, keyOf(context))
          }),
          onDone: {
            target: "ready",
            actions: [
              assign(({ context, event }) => answered(context, event.output)),
              { type: "announce", params: ({ event }) => ({ type: "deleted", record: event.output.record }) }
            ]
          },
          onError: {
            target: "ready",
            actions: [
              assign({ rejection: ({ event }) => failureOf(event.error) }),
              { type: "announce", params: ({ event }) => ({ type: "rejected", failure: failureOf(event.error) }) }
            ]
          }
        }
      }
    }
  })
}
