import { type FileFormat, type FileFormatInput, isColumnRequired, type RosterField } from "./fileFormat.js"

/** One column of a retail's Excel as the editor holds it. */
export interface Column {
  /** What the column feeds: a roster field ("rut") or a value's id. */
  readonly field: string
  /** The field's name in Palma ("RUT", "Patente"). */
  readonly label: string
  /** The retail's header text for it. */
  readonly header: string
  readonly required: boolean
  /** Always present and required (rut, name, paternal last name): it cannot be removed or made optional. */
  readonly locked: boolean
}

const lockedField = (field: RosterField) => field.required || isColumnRequired({ field_id: field.field, required: false })

export const columnOf = (field: RosterField): Column => {
  const locked = lockedField(field)
  return { field: field.field, label: field.label, header: field.label, required: locked, locked }
}

/** The saved format's columns, or (without one) the columns no format can lack. */
export const initialColumns = (fields: ReadonlyArray<RosterField>, format: FileFormat | null): ReadonlyArray<Column> => {
  if (format === null) return fields.filter(lockedField).map(columnOf)
  return [...format]
    .sort((a, b) => a.position - b.position)
    .map((saved) => {
      const known = fields.find((f) => f.field === saved.field_id)
      const locked = known !== undefined ? lockedField(known) : isColumnRequired({ field_id: saved.field_id, required: false })
      // A value the product no longer asks for keeps its header, named as the server names it.
      return { field: saved.field_id, label: known?.label ?? saved.field_name, header: saved.header, required: saved.required || locked, locked }
    })
}

/** The fields that are not columns yet. */
export const availableFields = (fields: ReadonlyArray<RosterField>, columns: ReadonlyArray<Column>) =>
  fields.filter((f) => !columns.some((c) => c.field === f.field))

export const addColumn = (columns: ReadonlyArray<Column>, field: RosterField) =>
  columns.some((c) => c.field === field.field) ? columns : [...columns, columnOf(field)]

export const removeColumn = (columns: ReadonlyArray<Column>, index: number) =>
  columns[index]?.locked === false ? columns.filter((_, i) => i !== index) : columns

export const moveColumn = (columns: ReadonlyArray<Column>, from: number, to: number) => {
  if (from === to || from < 0 || to < 0 || from >= columns.length || to >= columns.length) return columns
  const next = [...columns]
  const [moved] = next.splice(from, 1)
  next.splice(to, 0, moved!)
  return next
}

export const renameColumn = (columns: ReadonlyArray<Column>, index: number, header: string) => columns.map((c, i) => (i === index ? { ...c, header } : c))

export const requireColumn = (columns: ReadonlyArray<Column>, index: number, required: boolean) =>
  columns.map((c, i) => (i === index && !c.locked ? { ...c, required } : c))

/** `POST /fileFormat/create`: the columns in their order (the server numbers them from 1). */
export const formatPayload = (productPlanId: string, columns: ReadonlyArray<Column>): typeof FileFormatInput.Encoded => ({
  productPlan_id: productPlanId,
  fields: columns.map((c) => ({ field_id: c.field, header: c.header, required: c.required || c.locked }))
})

export const sameColumns = (a: ReadonlyArray<Column>, b: ReadonlyArray<Column>) =>
  a.length === b.length && a.every((c, i) => c.field === b[i]!.field && c.header === b[i]!.header && c.required === b[i]!.required)
