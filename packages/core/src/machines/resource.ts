import { assign, fromPromise, setup } from "xstate"

export interface ResourceQuery {
  readonly search?: string
  readonly family_id?: string
  readonly sort?: string
  readonly order?: "asc" | "desc"
  readonly page?: number
  readonly pageSize?: number
}

export interface ListResult<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
}

export interface ResourceContext<A> {
  readonly query: ResourceQuery
  readonly items: ReadonlyArray<A>
  readonly total: number
  readonly selected: A | null
  readonly loading: boolean
  readonly error: string | null
  /** Field messages of the last rejected write, for the form to show. */
  readonly issues: ReadonlyArray<{ readonly path: ReadonlyArray<string | number>; readonly message: string }>
  /** What the last successful write did, for a toast. */
  readonly lastWrite: "created" | "updated" | "deleted" | null
}

export type ResourceEvent<A> =
  | { type: "LOAD"; query?: ResourceQuery }
  | { type: "SELECT"; item: A | null }
  | { type: "CREATE"; input: unknown }
  | { type: "UPDATE"; id: string; input: unknown }
  | { type: "DELETE"; id: string }
  | { type: "RETRY" }

const failureOf = (error: unknown) => {
  const e = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown; issues?: unknown }
  return {
    error: typeof e.message === "string" ? e.message : "No se pudo completar la operación",
    issues: Array.isArray(e.issues) ? (e.issues as ResourceContext<unknown>["issues"]) : []
  }
}

/**
 * A data area: list (with its query), selection, and writes that reload the
 * list. The same machine serves every master; hosts provide the four actors
 * for their resource (see resourceActors).
 */
export const resourceMachine = <A extends { readonly id: string }>() =>
  setup({
    types: {
      context: {} as ResourceContext<A>,
      events: {} as ResourceEvent<A>,
      input: {} as { query?: ResourceQuery } | undefined
    },
    actors: {
      list: fromPromise<ListResult<A>, ResourceQuery>(async () => {
        throw new Error("list no configurado")
      }),
      create: fromPromise<A, unknown>(async () => {
        throw new Error("create no configurado")
      }),
      update: fromPromise<A, { id: string; input: unknown }>(async () => {
        throw new Error("update no configurado")
      }),
      remove: fromPromise<A, string>(async () => {
        throw new Error("remove no configurado")
      })
    },
    guards: {
      selectedWasDeleted: ({ context, event }) => context.selected !== null && (event as unknown as { output: A }).output.id === context.selected.id
    }
  }).createMachine({
    id: "resource",
    context: ({ input }) => ({
      query: input?.query ?? {},
      items: [],
      total: 0,
      selected: null,
      loading: true,
      error: null,
      issues: [],
      lastWrite: null
    }),
    initial: "loading",
    on: {
      SELECT: { actions: assign({ selected: ({ event }) => event.item }) }
    },
    states: {
      loading: {
        entry: assign({ loading: true, error: null }),
        invoke: {
          id: "list",
          src: "list",
          input: ({ context }) => context.query,
          onDone: {
            target: "ready",
            actions: assign({ items: ({ event }) => event.output.items, total: ({ event }) => event.output.total, loading: false })
          },
          onError: { target: "failure", actions: assign({ loading: false, error: ({ event }) => failureOf(event.error).error }) }
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
          DELETE: "deleting"
        }
      },
      creating: {
        entry: assign({ loading: true, error: null, issues: [], lastWrite: null }),
        invoke: {
          id: "create",
          src: "create",
          input: ({ event }: { event: ResourceEvent<A> }) => (event as Extract<ResourceEvent<A>, { type: "CREATE" }>).input,
          onDone: { target: "loading", actions: assign({ selected: ({ event }) => event.output, lastWrite: "created" }) },
          onError: { target: "ready", actions: assign(({ event }) => ({ loading: false, ...failureOf(event.error) })) }
        }
      },
      updating: {
        entry: assign({ loading: true, error: null, issues: [], lastWrite: null }),
        invoke: {
          id: "update",
          src: "update",
          input: ({ event }) => {
            const e = event as Extract<ResourceEvent<A>, { type: "UPDATE" }>
            return { id: e.id, input: e.input }
          },
          onDone: { target: "loading", actions: assign({ selected: ({ event }) => event.output, lastWrite: "updated" }) },
          onError: { target: "ready", actions: assign(({ event }) => ({ loading: false, ...failureOf(event.error) })) }
        }
      },
      deleting: {
        entry: assign({ loading: true, error: null, issues: [], lastWrite: null }),
        invoke: {
          id: "remove",
          src: "remove",
          input: ({ event }) => (event as Extract<ResourceEvent<A>, { type: "DELETE" }>).id,
          onDone: [
            { guard: "selectedWasDeleted", target: "loading", actions: assign({ selected: null, lastWrite: "deleted" }) },
            { target: "loading", actions: assign({ lastWrite: "deleted" }) }
          ],
          onError: { target: "ready", actions: assign(({ event }) => ({ loading: false, ...failureOf(event.error) })) }
        }
      }
    }
  })
