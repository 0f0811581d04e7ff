import { assertEvent, assign, emit, setup } from "xstate"
import type { Versioned } from "../client/versions.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { type HoldsVersions, type Unreadable, unreadable, versionKeeping } from "./versionKeeping.js"
import { unprovided } from "./unprovided.js"

export interface ResourceQuery {
  readonly search?: string
  readonly family_id?: string
  readonly sort?: string
  readonly order?: "asc" | "desc"
  readonly page?: number
  readonly pageSize?: number
  /** The list's own filters beyond search and family, by the server's parameter names, as text (`remote: "true"`). */
  readonly filters?: Readonly<Record<string, string>>
}

export interface ListResult<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
}

export interface ResourceContext<A> extends HoldsVersions {
  readonly query: ResourceQuery
  readonly items: ReadonlyArray<A>
  readonly total: number
  readonly selected: A | null
  readonly loading: boolean
  /** Why the list could not be loaded or the last write was refused: message, status and field issues. */
  readonly failure: Failure | null
}

/** What `update` gets: the item, the UPDATE's input and the version the list read it at. */
export interface ItemWrite {
  readonly id: string
  readonly input: unknown
  readonly version: string | undefined
}

/** What `remove` gets: the item and the version the list read it at. */
export interface ItemRemoval {
  readonly id: string
  readonly version: string | undefined
}

export type ResourceEvent<A, I> =
  | { type: "LOAD"; query?: ResourceQuery }
  | { type: "SELECT"; item: A | null }
  /** Read one item as the server holds it now (before a dialog shows it, or after a 412), keeping its version. */
  | { type: "READ"; id: string }
  | { type: "CREATE"; input: I }
  | { type: "UPDATE"; id: string; input: I }
  | { type: "DELETE"; id: string }
  | { type: "RETRY" }

/** What a write did, for the host to toast, close a dialog or refresh what depends on it. */
export type ResourceWrite = "created" | "updated" | "deleted"

export type ResourceEmitted<A> =
  | { type: "written"; write: ResourceWrite; item: A }
  | { type: "rejected"; failure: Failure }
  | { type: "read"; item: A }
  /** The READ failed (one read runs at a time: it is the last one asked). */
  | Unreadable

/** What a resource's host starts it with: the query, and the list when the host has read it already (with the record it belongs to). */
export interface ResourceInput<A> {
  readonly query?: ResourceQuery
  readonly listed?: ListResult<A>
}

/**
 * A data area: list (with its query), selection, and writes that reload the list. The same
 * machine serves every master and catalog list; hosts provide the actors for their resource (see
 * resourceActors) and hear each write's outcome with `actor.on("written" | "rejected")`. READ
 * reads one item with its version (`read` / `unreadable`), and the item's next update or delete
 * sends that version: the list that read it holds it, so another screen's read never moves it.
 */
export const resourceMachine = <A extends { readonly id: string }, I = never>() => {
  // Each item's version, by its id.
  const versions = versionKeeping<A>((item) => item.id)
  return setup({
    types: {
      context: {} as ResourceContext<A>,
      events: {} as ResourceEvent<A, I>,
      emitted: {} as ResourceEmitted<A>,
      input: {} as ResourceInput<A> | undefined
    },
    actors: {
      list: unprovided<ListResult<A>, ResourceQuery>("list"),
      // The input is the event's `I`; typed loosely here because a generic input defeats XState's invoke inference.
      create: unprovided<A, unknown>("create"),
      update: unprovided<A, ItemWrite>("update"),
      remove: unprovided<A, ItemRemoval>("remove"),
      read: unprovided<Versioned<A>, string>("read")
    },
    actions: {
      announce: emit((_, outcome: ResourceEmitted<A>) => outcome)
    }
  }).createMachine({
    id: "resource",
    context: ({ input }) => ({
      query: input?.query ?? {},
      items: input?.listed?.items ?? [],
      total: input?.listed?.total ?? 0,
      selected: null,
      loading: input?.listed === undefined,
      failure: null,
      versions: {}
    }),
    initial: "starting",
    on: {
      SELECT: { actions: assign({ selected: ({ event }) => event.item }) }
    },
    states: {
      // A list its host already holds is shown as it is; any other is read first.
      starting: { always: [{ guard: ({ context }) => !context.loading, target: "ready" }, { target: "loading" }] },
      loading: {
        entry: assign({ loading: true, failure: null }),
        // A write asked while the list (re)loads goes ahead: the list is read again after it anyway.
        // Refusing it would drop a dialog's Guardar without a word.
        on: { CREATE: "creating", UPDATE: "updating", DELETE: "deleting", READ: "reading" },
        invoke: {
          id: "list",
          src: "list",
          input: ({ context }) => context.query,
          onDone: {
            target: "ready",
            actions: assign({ items: ({ event }) => event.output.items, total: ({ event }) => event.output.total, loading: false })
          },
          onError: { target: "failure", actions: assign({ loading: false, failure: ({ event }) => failureOf(event.error) }) }
        }
      },
      failure: {
        on: {
          RETRY: "loading",
          LOAD: { target: "loading", actions: assign({ query: ({ context, event }) => event.query ?? context.query }) }
        }
      },
      ready: {
        on: {
          LOAD: { target: "loading", actions: assign({ query: ({ context, event }) => event.query ?? context.query }) },
          CREATE: "creating",
          UPDATE: "updating",
          DELETE: "deleting",
          READ: "reading"
        }
      },
      reading: {
        invoke: {
          id: "read",
          src: "read",
          input: ({ event }) => {
            assertEvent(event, "READ")
            return event.id
          },
          // Back to the list, loading it again if the read cut its load short.
          onDone: {
            target: "settled",
            actions: [assign({ versions: versions.held }), { type: "announce", params: ({ event }) => ({ type: "read", item: event.output.record }) }]
          },
          onError: { target: "settled", actions: { type: "announce", params: ({ event }) => unreadable(event.error) } }
        }
      },
      settled: { always: [{ guard: ({ context }) => context.loading, target: "loading" }, { target: "ready" }] },
      creating: {
        entry: assign({ loading: true, failure: null }),
        invoke: {
          id: "create",
          src: "create",
          input: ({ event }: { event: ResourceEvent<A, I> }) => {
            assertEvent(event, "CREATE")
            return event.input
          },
          onDone: {
            target: "loading",
            actions: [
              assign({ selected: ({ event }) => event.output }),
              { type: "announce", params: ({ event }) => ({ type: "written", write: "created", item: event.output }) }
            ]
          },
          onError: {
            target: "ready",
            actions: [
              assign({ loading: false, failure: ({ event }) => failureOf(event.error) }),
              { type: "announce", params: ({ event }) => ({ type: "rejected", failure: failureOf(event.error) }) }
            ]
          }
        }
      },
      updating: {
        entry: assign({ loading: true, failure: null }),
        invoke: {
          id: "update",
          src: "update",
          input: ({ context, event }) => {
            assertEvent(event, "UPDATE")
            return { id: event.id, input: event.input, version: versions.sent(context, event.id) }
          },
          onDone: {
            target: "loading",
            actions: [
              assign({ selected: ({ event }) => event.output }),
              { type: "announce", params: ({ event }) => ({ type: "written", write: "updated", item: event.output }) }
            ]
          },
          onError: {
            target: "ready",
            actions: [
              assign({ loading: false, failure: ({ event }) => failureOf(event.error) }),
              { type: "announce", params: ({ event }) => ({ type: "rejected", failure: failureOf(event.error) }) }
            ]
          }
        }
      },
      deleting: {
        entry: assign({ loading: true, failure: null }),
        invoke: {
          id: "remove",
          src: "remove",
          input: ({ context, event }) => {
            assertEvent(event, "DELETE")
            return { id: event.id, version: versions.sent(context, event.id) }
          },
          onDone: {
            target: "loading",
            actions: [
              assign({
                selected: ({ context, event }) => (context.selected !== null && context.selected.id === event.output.id ? null : context.selected)
              }),
              { type: "announce", params: ({ event }) => ({ type: "written", write: "deleted", item: event.output }) }
            ]
          },
          onError: {
            target: "ready",
            actions: [
              assign({ loading: false, failure: ({ event }) => failureOf(event.error) }),
              { type: "announce", params: ({ event }) => ({ type: "rejected", failure: failureOf(event.error) }) }
            ]
          }
        }
      }
    }
  })
}
