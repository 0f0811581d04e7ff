import { assign, fromPromise, setup } from "xstate"
import { type Failure, failureOf } from "../client/machineFailure.js"
import type { ListResult } from "./resource.js"
import { unprovided } from "./unprovided.js"

export interface SearchContext<Q, A> {
  /** What is asked for (criteria and page), as the screen's URL keeps it. */
  readonly query: Q
  /** The last page found; kept while the next one loads, so the table never empties under the user. */
  readonly result: ListResult<A> | null
  readonly failure: Failure | null
}

export type SearchEvent<Q> = { type: "QUERY"; query: Q } | { type: "RETRY" }

/**
 * A read-only paged search whose criteria are the screen's own (contractors by type, RUT, name
 * and policy in force; customers and insured by RUT or name): loading → ready | failure, a new
 * query at any time (the answer of a superseded one is dropped). Hosts provide `find`.
 */
export const searchMachine = <Q, A>() =>
  setup({
    types: { context: {} as SearchContext<Q, A>, events: {} as SearchEvent<Q>, input: {} as { readonly query: Q } },
    actors: {
      // The input is the query `Q`; typed loosely because a generic input defeats XState's invoke inference.
      find: unprovided<ListResult<A>, unknown>("find")
    }
  }).createMachine({
    id: "search",
    context: ({ input }) => ({ query: input.query, result: null, failure: null }),
    initial: "loading",
    on: {
      QUERY: { target: ".loading", reenter: true, actions: assign({ query: ({ event }) => event.query }) }
    },
    states: {
      loading: {
        entry: assign({ failure: null }),
        invoke: {
          src: "find",
          input: ({ context }: { context: SearchContext<Q, A> }) => context.query,
          onDone: { target: "ready", actions: assign({ result: ({ event }) => event.output }) },
          onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
        }
      },
      ready: {},
      failure: { on: { RETRY: "loading" } }
    }
  })

/**
 * The `find` actor of a search over `Q`: the machine hands it the query it holds, always a `Q`
 * (the actor's input type is loose only because XState cannot infer a generic invoke input).
 */
export const searchActor = <Q, A>(find: (query: Q) => Promise<ListResult<A>>) => fromPromise<ListResult<A>, unknown>(({ input }) => find(input as Q))
