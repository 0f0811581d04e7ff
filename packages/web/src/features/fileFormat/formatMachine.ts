import type { FieldIssue, FileFormat, FileFormatInput, RosterField } from "@palma/core"
import { assign, emit, fromPromise, setup } from "xstate"
import { addColumn, type Column, initialColumns, moveColumn, removeColumn, renameColumn, requireColumn } from "./columns"

export interface FormatContext {
  readonly planId: string
  /** What may be a column: the roster fields and the plan's values. */
  readonly fields: ReadonlyArray<RosterField>
  readonly columns: ReadonlyArray<Column>
  /** The columns as saved; null while the plan has no format. */
  readonly saved: ReadonlyArray<Column> | null
  readonly failure: string | null
  readonly rejection: { readonly message: string; readonly issues: ReadonlyArray<FieldIssue> } | null
}

export type FormatEvent =
  | { type: "ADD"; field: string }
  | { type: "REMOVE"; index: number }
  | { type: "MOVE"; from: number; to: number }
  | { type: "RENAME"; index: number; header: string }
  | { type: "REQUIRE"; index: number; required: boolean }
  /** Back to the saved columns. */
  | { type: "DISCARD" }
  | { type: "SAVE"; input: FileFormatInput }
  | { type: "DELETE" }
  | { type: "RETRY" }

export type FormatEmitted = { type: "saved" } | { type: "deleted" }

export interface Loaded {
  readonly fields: ReadonlyArray<RosterField>
  /** null: the plan has no format yet. */
  readonly format: FileFormat | null
}

const failureOf = (error: unknown) => {
  const e = (typeof error === "object" && error !== null ? error : {}) as { message?: unknown; issues?: unknown }
  return {
    message: typeof e.message === "string" ? e.message : "No se pudo completar la operación",
    issues: Array.isArray(e.issues) ? (e.issues as ReadonlyArray<FieldIssue>) : []
  }
}

/**
 * A plan's roster format: load the fields and the saved format, change the columns (add, remove,
 * move, rename, required), save the whole format (it replaces the previous one) or delete it.
 */
export const formatMachine = setup({
  types: {
    context: {} as FormatContext,
    events: {} as FormatEvent,
    emitted: {} as FormatEmitted,
    input: {} as { readonly planId: string }
  },
  actors: {
    load: fromPromise<Loaded, string>(async () => {
      throw new Error("load no configurado")
    }),
    save: fromPromise<FileFormat, FileFormatInput>(async () => {
      throw new Error("save no configurado")
    }),
    remove: fromPromise<unknown, string>(async () => {
      throw new Error("remove no configurado")
    })
  }
}).createMachine({
  id: "fileFormat",
  context: ({ input }) => ({ planId: input.planId, fields: [], columns: [], saved: null, failure: null, rejection: null }),
  initial: "loading",
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: "load",
        input: ({ context }) => context.planId,
        onDone: {
          target: "editing",
          actions: assign(({ event }) => {
            const columns = initialColumns(event.output.fields, event.output.format)
            return { fields: event.output.fields, columns, saved: event.output.format === null ? null : columns }
          })
        },
        onError: { target: "failure", actions: assign({ failure: ({ event }) => failureOf(event.error).message }) }
      }
    },
    failure: { on: { RETRY: "loading" } },
    editing: {
      on: {
        ADD: {
          actions: assign({
            columns: ({ context, event }) => {
              const field = context.fields.find((f) => f.field === event.field)
              return field === undefined ? context.columns : addColumn(context.columns, field)
            }
          })
        },
        REMOVE: { actions: assign({ columns: ({ context, event }) => removeColumn(context.columns, event.index) }) },
        MOVE: { actions: assign({ columns: ({ context, event }) => moveColumn(context.columns, event.from, event.to) }) },
        RENAME: { actions: assign({ columns: ({ context, event }) => renameColumn(context.columns, event.index, event.header) }) },
        REQUIRE: { actions: assign({ columns: ({ context, event }) => requireColumn(context.columns, event.index, event.required) }) },
        DISCARD: { actions: assign({ columns: ({ context }) => context.saved ?? initialColumns(context.fields, null), rejection: null }) },
        SAVE: { target: "saving", actions: assign({ rejection: null }) },
        DELETE: { target: "deleting", actions: assign({ rejection: null }) }
      }
    },
    saving: {
      invoke: {
        src: "save",
        input: ({ event }) => (event as Extract<FormatEvent, { type: "SAVE" }>).input,
        onDone: {
          target: "editing",
          actions: [
            assign(({ context, event }) => {
              const columns = initialColumns(context.fields, event.output)
              return { columns, saved: columns }
            }),
            emit({ type: "saved" as const })
          ]
        },
        onError: { target: "editing", actions: assign({ rejection: ({ event }) => failureOf(event.error) }) }
      }
    },
    deleting: {
      invoke: {
        src: "remove",
        input: ({ context }) => context.planId,
        onDone: {
          target: "editing",
          actions: [assign(({ context }) => ({ columns: initialColumns(context.fields, null), saved: null })), emit({ type: "deleted" as const })]
        },
        onError: { target: "editing", actions: assign({ rejection: ({ event }) => failureOf(event.error) }) }
      }
    }
  }
})
