import { assign, setup } from "xstate"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { unprovided } from "./unprovided.js"

export interface LookupContext<A> {
  /** The list as last loaded; kept while it refreshes, so pickers never empty under the user. */
  readonly value: A | null
  readonly failure: Failure | null
}

export type LookupEvent =
  /** Someone needs the list: loads it the first time or when stale, ignored while it is fresh or loading. */
  | { type: "LOAD" }
  | { type: "RETRY" }
  /** A write touched what the list holds: it is stale, loaded again the next time someone needs it. */
  | { type: "REFRESH" }

/**
 * One shared list (families, comunas, value types…): idle → loading → ready | failure; a write that
 * touches it makes it stale (its value kept) until someone needs it again. Loaded once however many
 * screens ask. Hosts provide `load`.
 */
export const lookupMachine = <A>() =>
  setup({
    types: { context: {} as LookupContext<A>, events: {} as LookupEvent },
    actors: {
      load: unprovided<A>("load")
    }
  }).createMachine({
    id: "lookup",
    context: { value: null, failure: null },
    initial: "idle",
    states: {
      idle: { on: { LOAD: "loading" } },
      loading: {
        entry: assign({ failure: null }),
        // A write while loading: the answer on the way may predate it, so ask again.
        on: { REFRESH: { target: "loading", reenter: true } },
        invoke: {
          src: "load",
          onDone: { target: "ready", actions: assign({ value: ({ event }) => event.output }) },
          onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error) }) }
        }
      },
      ready: { on: { REFRESH: "stale" } },
      stale: { on: { LOAD: "loading" } },
      failure: { on: { RETRY: "loading", LOAD: "loading" } }
    }
  })
