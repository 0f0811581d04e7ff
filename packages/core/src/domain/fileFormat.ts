import { Schema } from "effect"
import { isUnique } from "./common.js"
import { Flag, Id, Payload, Text } from "./fields.js"
import { personFieldNames } from "./person.js"

/** What a roster column feeds: a person field ("rut", "email"…) or a value's id (e.g. "Patente"). */
export const ColumnField = Schema.Union(Schema.Literal(...personFieldNames), Id).annotations({
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
