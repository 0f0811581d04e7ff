import type { District } from "@palma/core"
import { assign, fromPromise, setup } from "xstate"

export interface DistrictsContext {
  readonly districts: ReadonlyArray<District>
  readonly error: string | null
}

export type DistrictsEvent =
  /** Starts the one load; ignored once started. */
  { type: "LOAD" } | { type: "RETRY" }

const messageOf = (error: unknown) =>
  typeof error === "object" && error !== null && "message" in error && typeof error.message === "string"
    ? error.message
    : "No se pudo cargar la lista de comunas"

/** Chile's comunas, loaded once for the whole layout: idle → loading → ready | failure (retry). */
export const districtsMachine = setup({
  types: { context: {} as DistrictsContext, events: {} as DistrictsEvent },
  actors: {
    load: fromPromise<ReadonlyArray<District>>(async () => {
      throw new Error("load no configurado")
    })
  }
}).createMachine({
  id: "districts",
  context: { districts: [], error: null },
  initial: "idle",
  states: {
    idle: { on: { LOAD: "loading" } },
    loading: {
      entry: assign({ error: null }),
      invoke: {
        src: "load",
        onDone: { target: "ready", actions: assign({ districts: ({ event }) => event.output }) },
        onError: { target: "failure", actions: assign({ error: ({ event }) => messageOf(event.error) }) }
      }
    },
    ready: {},
    failure: { on: { RETRY: "loading" } }
  }
})
