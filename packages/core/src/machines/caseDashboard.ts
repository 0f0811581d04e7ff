import { assign, fromPromise, setup } from "xstate"
import type { Call } from "../client/caller.js"
import type { Dashboard, DashboardQuery } from "../domain/caseDashboard.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { unprovided } from "./unprovided.js"

export type CaseDashboardEvent = { type: "FILTER"; query: DashboardQuery } | { type: "RETRY" }

/**
 * The dashboard's figures for its filters: loaded on start and on every FILTER (a newer filter
 * replaces a load under way); a failure keeps its message until RETRY. Hosts provide `load`.
 */
export const caseDashboardMachine = setup({
  types: {
    context: {} as { readonly query: DashboardQuery; readonly figures: Dashboard | null; readonly failure: Failure | null },
    events: {} as CaseDashboardEvent,
    input: {} as { readonly query: DashboardQuery }
  },
  actors: {
    load: unprovided<Dashboard, DashboardQuery>("load")
  }
}).createMachine({
  id: "caseDashboard",
  context: ({ input }) => ({ query: input.query, figures: null, failure: null }),
  initial: "loading",
  on: { FILTER: { target: ".loading", reenter: true, actions: assign({ query: ({ event }) => event.query }) } },
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "load",
        input: ({ context }) => context.query,
        onDone: { target: "ready", actions: assign({ figures: ({ event }) => event.output }) },
        onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
      }
    },
    ready: {},
    failure: { on: { RETRY: "loading" } }
  }
})

/** The dashboard's call over the contract. */
export const caseDashboardActors = (call: Call) => ({
  load: fromPromise<Dashboard, DashboardQuery>(({ input }) => call((c) => c.caseDashboard.dashboard({ urlParams: input })))
})
