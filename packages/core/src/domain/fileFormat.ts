import { Schema } from "effect"
import { isUnique } from "./common.js"
import { Flag, Id, Payload, Text } from "./fields.js"
import { personFieldLabel, personFieldNames } from "./person.js"

/** The fields of a roster row that are not plan values: the person, then the policy's dates. */
export const rosterFieldNames = [...personFieldNames, "initialDate", "endDate"] as const
export type RosterFieldName = (typeof rosterFieldNames)[number]

export const rosterFieldLabel: Record<RosterFieldName, string> = {
  ...personFieldLabel,
  initialDate: "Fecha de inicio",
  endDate: "Fecha de término"
}

/** What a roster column feeds: a roster field ("rut", "email", "initialDate"…) or a value's id (e.g. "Patente"). */
export const ColumnField = Schema.Union(Schema.Literal(...rosterFieldNames), Id).annotations({
  message: () => ({ message: "Campo inválido: use un campo de persona o el identificador de un valor", override: true })
})
export type ColumnField = typeof ColumnField.Type

/** One column of a channel's Excel, at its position (1-based). */
export const FileFormatField = Schema.Struct({
  field: Schema.String,
  header: Schema.String,
  required: Schema.Boolean,
  position: Schema.Number
})
export type FileFormatField = typeof FileFormatField.Type

/**
 * What may be a column of a plan's roster: a roster field, or a value the plan's product asks for
 * (`field` is then the value's id and `valueType_code` its type: D, S, C or N).
 */
export const RosterField = Schema.Struct({
  field: Schema.String,
  label: Schema.String,
  kind: Schema.Literal("person", "value"),
  valueType_code: Schema.NullOr(Schema.String),
  required: Schema.Boolean
})
export type RosterField = typeof RosterField.Type

/** The roster layout of one plan. Columns are matched by header, never by position. */
export const FileFormat = Schema.Struct({
  id: Id,
  productPlan_id: Id,
  fields: Schema.Array(FileFormatField)
})
export type FileFormat = typeof FileFormat.Type

/** A header as compared when mapping: case, accents and spacing do not matter. */
export const normalizeHeader = (header: string): string =>
  header.normalize("NFD").replace(/\p{M}/gu, "").trim().replace(/\s+/g, " ").toLowerCase()

/** Without these a row cannot identify or create an insured: always present, always required. */
export const requiredColumns = ["rut", "name", "paternalLastName"] as const

export const isColumnRequired = (column: { readonly field: string; readonly required: boolean }): boolean =>
  column.required || (requiredColumns as ReadonlyArray<string>).includes(column.field)

export const FileFormatFieldInput = Payload({
  field: ColumnField,
  header: Text(80),
  required: Schema.optionalWith(Flag, { default: () => false })
})
export type FileFormatFieldInput = typeof FileFormatFieldInput.Type

/** Columns in display order (position = index + 1). */
export const FileFormatInput = Payload({
  productPlan_id: Id,
  fields: Schema.Array(FileFormatFieldInput)
    .annotations({ message: () => "Debe ser una lista de columnas" })
    .pipe(Schema.maxItems(100, { message: () => "Debe tener como máximo 100 columnas" }))
}).pipe(
  Schema.filter((f) => {
    const issues: Array<{ path: ReadonlyArray<string | number>; message: string }> = []
    if (!isUnique(f.fields, (c) => c.field)) issues.push({ path: ["fields"], message: "Hay campos repetidos" })
    if (!isUnique(f.fields, (c) => normalizeHeader(c.header))) issues.push({ path: ["fields"], message: "Hay encabezados repetidos" })
    for (const name of requiredColumns) {
      if (!f.fields.some((c) => c.field === name)) {
        issues.push({ path: ["fields"], message: `Falta la columna obligatoria "${name}"` })
      }
    }
    return issues
  })
)
export type FileFormatInput = typeof FileFormatInput.Type
