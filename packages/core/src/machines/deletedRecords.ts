import { assertEvent, assign, emit, fromPromise, setup } from "xstate"
import type { Call } from "../client/caller.js"
import { type NamedRecord, recordCalls, type RestorableName } from "../client/records.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import type { ListResult, ResourceQuery } from "./resource.js"
import { unprovided } from "./unprovided.js"

/** A deleted record as the list shows it; `deletedAt` when the group tells (catalog records do). */
export type DeletedRow = NamedRecord & { readonly deletedAt?: string }

export interface DeletedRecordsContext {
  readonly query: ResourceQuery
  readonly items: ReadonlyArray<DeletedRow>
  readonly total: number
  /** The record being restored now, so only its button spins. */
  readonly restoring: string | null
  /** Why the list could not be loaded, or why the last restore was refused (409: its name is taken…). */
  readonly failure: Failure | null
}

export type DeletedRecordsEvent = { type: "LOAD"; query: ResourceQuery } | { type: "RESTORE"; id: string } | { type: "RETRY" }

export type DeletedRecordsEmitted = { type: "restored"; record: NamedRecord } | { type: "rejected"; failure: Failure }

/**
 * An admin's view of what was deleted from one list: paged, searchable, each record restorable.
 * A restore announces `restored` (the host toasts and reloads the live list) or `rejected`, and
 * reloads this list, from which the record is then gone.
 */
export const deletedRecordsMachine = setup({
  types: {
    context: {} as DeletedRecordsContext,
    events: {} as DeletedRecordsEvent,
    emitted: {} as DeletedRecordsEmitted,
    input: {} as { query?: ResourceQuery } | undefined
  },
  actors: {
    list: unprovided<ListResult<DeletedRow>, ResourceQuery>("list"),
    restore: unprovided<NamedRecord, string>("restore")
  },
  actions: {
    announce: emit((_, outcome: DeletedRecordsEmitted) => outcome)
  }
}).createMachine({
  id: "deletedRecords",
  context: ({ input }) => ({ query: input?.query ?? { page: 1, pageSize: 10 }, items: [], total: 0, restoring: null, failure: null }),
  initial: "loading",
  states: {
    loading: {
      invoke: {
        src: "list",
        input: ({ context }) => context.query,
        onDone: {
          target: "ready",
          actions: assign({ items: ({ event }) => event.output.items, total: ({ event }) => event.output.total })
        },
        onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
      }
    },
    failure: {
      on: {
        RETRY: { target: "loading", actions: assign({ failure: null }) },
        LOAD: { target: "loading", actions: assign({ query: ({ event }) => event.query, failure: null }) }
      }
    },
    ready: {
      on: {
        LOAD: { target: "loading", actions: assign({ query: ({ event }) => event.query, failure: null }) },
        RESTORE: { target: "restoring", actions: assign({ restoring: ({ event }) => event.id, failure: null }) }
      }
    },
    restoring: {
      invoke: {
        src: "restore",
        input: ({ event }) => {
          assertEvent(event, "RESTORE")
          return event.id
        },
        onDone: {
          target: "loading",
          actions: [assign({ restoring: null }), { type: "announce", params: ({ event }) => ({ type: "restored", record: event.output }) }]
        },
        onError: {
          target: "ready",
          actions: [
            assign({ restoring: null, failure: ({ event }) => failureOf(event.error) }),
            { type: "announce", params: ({ event }) => ({ type: "rejected", failure: failureOf(event.error) }) }
          ]
        }
      }
    }
  }
})

/** The two actors for one restorable group, calling the contract. */
export const deletedRecordsActors = (call: Call, name: RestorableName) => {
  const calls = recordCalls(call, name)
  return {
    list: fromPromise<ListResult<DeletedRow>, ResourceQuery>(({ input }) => calls.deleted(input)),
    restore: fromPromise<NamedRecord, string>(({ input }) => calls.restore(input))
  }
}
