import { fromPromise } from "xstate"
import type { Call } from "../client/caller.js"
import { ifMatch, type Versioned, versioned } from "../client/versions.js"
import type { FileFormat, FileFormatInput, RosterField } from "../domain/fileFormat.js"
import { addColumn, type Column, initialColumns, moveColumn, removeColumn, renameColumn, requireColumn } from "../domain/formatColumns.js"
import { recordMachine, type RecordWrite } from "./record.js"

/** A plan's roster format as the editor loads it. */
export interface PlanFormat {
  /** What may be a column: the roster fields and the plan's values. */
  readonly fields: ReadonlyArray<RosterField>
  /** null: the plan has no format yet. */
  readonly format: FileFormat | null
}

/** One change of the columns. */
export type ColumnEdit =
  | { readonly op: "add"; readonly field: string }
  | { readonly op: "remove"; readonly index: number }
  | { readonly op: "move"; readonly from: number; readonly to: number }
  | { readonly op: "rename"; readonly index: number; readonly header: string }
  | { readonly op: "require"; readonly index: number; readonly required: boolean }

const columnsOf = (record: PlanFormat | null): ReadonlyArray<Column> => (record === null ? [] : initialColumns(record.fields, record.format))

const applyEdit = (columns: ReadonlyArray<Column>, edit: ColumnEdit, record: PlanFormat | null): ReadonlyArray<Column> => {
  switch (edit.op) {
    case "add": {
      const field = record?.fields.find((f) => f.field === edit.field)
      return field === undefined ? columns : addColumn(columns, field)
    }
    case "remove":
      return removeColumn(columns, edit.index)
    case "move":
      return moveColumn(columns, edit.from, edit.to)
    case "rename":
      return renameColumn(columns, edit.index, edit.header)
    case "require":
      return requireColumn(columns, edit.index, edit.required)
  }
}

/** The columns as saved; null while the plan has no format. */
export const savedColumns = (record: PlanFormat | null): ReadonlyArray<Column> | null => (record === null || record.format === null ? null : columnsOf(record))

/**
 * The format machine's calls: the plan's fields and format (with the format's version), save (it
 * replaces the previous one) and delete, both sending the version held.
 */
export const fileFormatActors = (call: Call) => ({
  load: fromPromise<Versioned<PlanFormat>, string>(async ({ input }) => {
    const path = { productPlan_id: input }
    const [fields, { record: format, version }] = await Promise.all([
      call((c) => c.field.getByProductPlanId({ path })),
      call((c) => versioned(c.fileFormat.getByProductPlanId({ path, withResponse: true })))
    ])
    return { record: { fields, format: format.length === 0 ? null : format }, version }
  }),
  // The record machine hands over the SAVE's input (a decoded FileFormatInput) and the loaded PlanFormat.
  save: fromPromise<Versioned<PlanFormat>, RecordWrite>(async ({ input }) => {
    const payload = input.input as FileFormatInput
    const { fields } = input.record as PlanFormat
    const { record: format, version } = await call((c) => versioned(ifMatch(input.version)(c.fileFormat.create({ payload, withResponse: true }))))
    return { record: { fields, format }, version }
  }),
  remove: fromPromise<Versioned<PlanFormat>, RecordWrite>(async ({ input }) => {
    // The machine deletes only a loaded format: its id is the plan's and its record a PlanFormat.
    const { fields } = input.record as PlanFormat
    await call((c) => ifMatch(input.version)(c.fileFormat.deleteByProductPlanId({ path: { productPlan_id: input.id ?? "" } })))
    // The plan's version after the delete is not answered: the next save reads as a first one.
    return { record: { fields, format: null }, version: undefined }
  })
})

/**
 * A plan's roster format: load the fields and the saved format, change the columns (add, remove,
 * move, rename, required), save the whole format or delete it. The machine's id is the plan's.
 */
export const fileFormatMachine = (call: Call) =>
  recordMachine<PlanFormat, FileFormatInput, ReadonlyArray<Column>, ColumnEdit>({ id: "fileFormat", draftOf: columnsOf, edit: applyEdit }).provide({
    actors: fileFormatActors(call)
  })
