import type { FieldIssue, Retail, RetailInput } from "@palma/core"
import { assign, emit, fromPromise, setup } from "xstate"

export interface RetailContext {
  /** The retail's id; null while it is a new one. */
  readonly id: string | null
  readonly retail: Retail | null
  /** Why the retail could not be loaded. */
  readonly failure: string | null
  /** What the server said when it refused the last save. */
  readonly rejection: { readonly message: string; readonly issues: ReadonlyArray<FieldIssue> } | null
  /** A save waiting for the RUT check of a new retail. */
  readonly pending: RetailInput | null
  /** The last RUT looked up, so leaving the field twice asks once. */
  readonly checkedRut: string | null
}

export type RetailEvent =
  /** A new retail's RUT was typed: is there a retail with it already? */
  | { type: "CHECK_RUT"; rut: RetailInput["rut"] }
  | { type: "SAVE"; input: RetailInput }
  /** The logo was uploaded: the server's retail as it is now. */
  | { type: "LOGO_SAVED"; retail: Retail }
  | { type: "RETRY" }

export type RetailEmitted =
  | { type: "saved"; retail: Retail; created: boolean }
  /** A new retail's RUT belongs to this existing retail: edit that one instead. */
  | { type: "exists"; retail: Retail }

const failureOf = (error: unknown) => {
  const e = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown; issues?: unknown }
  return {
    message: typeof e.message === "string" ? e.message : "No se pudo completar la operación",
    issues: Array.isArray(e.issues) ? (e.issues as ReadonlyArray<FieldIssue>) : []
  }
}

/**
 * One retail's page: load it (or start a new one), save it (an upsert by RUT), keep its logo.
 * A new retail's RUT is looked up before anything is written: if a retail has it, the page
 * says so and opens that retail instead of overwriting it unseen.
 */
export const retailMachine = setup({
  types: {
    context: {} as RetailContext,
    events: {} as RetailEvent,
    emitted: {} as RetailEmitted,
    input: {} as {
      readonly id: string | null
      /** The retail as the page that opened this one already has it (no need to load it again). */
      readonly retail?: Retail | null
    }
  },
  actors: {
    load: fromPromise<Retail, string>(async () => {
      throw new Error("load no configurado")
    }),
    findByRut: fromPromise<Retail | null, string>(async () => {
      throw new Error("findByRut no configurado")
    }),
    save: fromPromise<Retail, RetailInput>(async () => {
      throw new Error("save no configurado")
    })
  },
  guards: {
    hasId: ({ context }) => context.id !== null,
    hasRetail: ({ context }) => context.retail !== null,
    isNew: ({ context }) => context.id === null,
    rutChecked: ({ context, event }) => event.type === "SAVE" && context.id === null && event.input.rut === context.checkedRut,
    uncheckedRut: ({ context, event }) => event.type === "CHECK_RUT" && context.id === null && event.rut !== context.checkedRut
  }
}).createMachine({
  id: "retail",
  context: ({ input }) => ({
    id: input.id,
    retail: input.retail?.id === input.id ? (input.retail ?? null) : null,
    failure: null,
    rejection: null,
    pending: null,
    checkedRut: null
  }),
  initial: "start",
  states: {
    start: { always: [{ guard: "hasRetail", target: "ready" }, { guard: "hasId", target: "loading" }, { target: "ready" }] },
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "load",
        input: ({ context }) => context.id ?? "",
        onDone: { target: "ready", actions: assign({ retail: ({ event }) => event.output }) },
        onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error).message }) }
      }
    },
    failure: { on: { RETRY: "loading" } },
    ready: {
      on: {
        CHECK_RUT: { guard: "uncheckedRut", target: "checking", actions: assign({ checkedRut: ({ event }) => event.rut }) },
        SAVE: [
          // Its RUT was looked up already (and is free): no need to ask again.
          { guard: "rutChecked", target: "saving", actions: assign({ pending: ({ event }) => event.input, rejection: null }) },
          {
            guard: "isNew",
            target: "checking",
            actions: assign({ pending: ({ event }) => event.input, checkedRut: ({ event }) => event.input.rut, rejection: null })
          },
          { target: "saving", actions: assign({ pending: ({ event }) => event.input, rejection: null }) }
        ],
        LOGO_SAVED: { actions: assign({ retail: ({ event }) => event.retail }) }
      }
    },
    checking: {
      on: {
        // Guardar while the RUT is being looked up: saved once the lookup says it is free.
        SAVE: { actions: assign({ pending: ({ event }) => event.input, rejection: null }) }
      },
      invoke: {
        src: "findByRut",
        input: ({ context }) => context.checkedRut ?? "",
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: "found",
            actions: emit(({ event }) => ({ type: "exists" as const, retail: event.output! }))
          },
          { guard: ({ context }) => context.pending !== null, target: "saving" },
          { target: "ready" }
        ],
        // The lookup failed: the save (if asked) goes on; the server upserts by RUT anyway.
        onError: [{ guard: ({ context }) => context.pending !== null, target: "saving" }, { target: "ready" }]
      }
    },
    found: { type: "final" },
    saving: {
      invoke: {
        src: "save",
        input: ({ context }) => context.pending!,
        onDone: {
          target: "ready",
          actions: [
            emit(({ context, event }) => ({ type: "saved" as const, retail: event.output, created: context.id === null })),
            assign({ retail: ({ event }) => event.output, id: ({ event }) => event.output.id, pending: null })
          ]
        },
        onError: { target: "ready", actions: assign({ rejection: ({ event }) => failureOf(event.error), pending: null }) }
      }
    }
  }
})
