import { Schema } from "effect"
import { isUnique } from "./common.js"
import { Flag, Id, Payload, Text } from "./fields.js"
import { personFieldLabel, personFieldNames } from "./person.js"
import { DottedRut } from "../rut/Rut.js"

/** The fields of a roster row that are not plan values: the person, then the policy's dates. */
export const rosterFieldNames = [...personFieldNames, "initialDate", "endDate"] as const
export type RosterFieldName = (typeof rosterFieldNames)[number]

export const rosterFieldLabel: Record<RosterFieldName, string> = {
  ...personFieldLabel,
  initialDate: "Fecha de inicio",
  endDate: "Fecha de término"
}

/** How a roster field is written in a channel's Excel, as the field list tells a person. */
export const rosterFieldFormat: Record<RosterFieldName, string> = {
  rut: "12.345.678-5",
  name: "Texto",
  paternalLastName: "Texto",
  maternalLastName: "Texto",
  birthDate: "yyyy-mm-dd",
  address: "Texto",
  district: "Nombre o código CUT",
  email: "nombre@dominio.cl",
  phone: "+56 9 1234 5678",
  initialDate: "yyyy-mm-dd",
  endDate: "yyyy-mm-dd"
}

/** How a plan value is written, by its value type's code (the original's words: D, S, C, N). */
export const valueFormat = (valueTypeCode: string): string => ({ D: "yyyy-mm-dd", S: "Texto", C: "Texto", N: "Número" })[valueTypeCode] ?? valueTypeCode

/** What a roster column feeds: a roster field ("rut", "email", "initialDate"…) or a value's id (e.g. "Patente"). */
export const ColumnField = Schema.Union(Schema.Literal(...rosterFieldNames), Id).annotations({
  message: () => ({ message: "Campo inválido: use un campo de persona o el identificador de un valor", override: true })
})
export type ColumnField = typeof ColumnField.Type

/**
 * What may be a column of a plan's roster (`field/getByProductPlanId`): a roster field (`type`
 * "ASE", `id` its name) or a value the plan's product asks for (`type` "VAL", `id` the value's).
 * `format` says how it is written. Palma's names beside them: `field` (= `id`), `label` (= `name`),
 * `kind`, `valueType_code` (D, S, C or N for values) and whether a row must fill it.
 */
export const RosterField = Schema.Struct({
  type: Schema.Literal("ASE", "VAL"),
  id: Schema.String,
  name: Schema.String,
  format: Schema.String,
  field: Schema.String,
  label: Schema.String,
  kind: Schema.Literal("person", "value"),
  valueType_code: Schema.NullOr(Schema.String),
  required: Schema.Boolean
})
export type RosterField = typeof RosterField.Type

/**
 * One column of a channel's Excel (`fileFormat/getByProductPlanId` answers them in order):
 * `field_id` is what it feeds (a roster field's name or a value's id), `field_type` which of the
 * two, `field_db_name` the roster field's name ("value" for values), `field_name` and
 * `field_format` its name and how it is written. Palma's own: the channel's `header` for it,
 * whether a row must fill it and its 1-based `position`.
 */
export const FileFormatField = Schema.Struct({
  id: Id,
  field_db_name: Schema.String,
  field_type: Schema.Literal("insured", "value"),
  field_id: Schema.String,
  field_name: Schema.String,
  field_format: Schema.String,
  header: Schema.String,
  required: Schema.Boolean,
  position: Schema.Number
})
export type FileFormatField = typeof FileFormatField.Type

/** The roster layout of one plan: its columns in order. Columns are matched by header, never by position. */
export const FileFormat = Schema.Array(FileFormatField)
export type FileFormat = typeof FileFormat.Type

/** A channel that has at least one plan with a format (`fileFormat/getAll`). */
export const FileFormatRetail = Schema.Struct({ retail_id: Id, retail_rut: DottedRut, retail_name: Schema.String })
export type FileFormatRetail = typeof FileFormatRetail.Type

/** A header as compared when mapping: case, accents and spacing do not matter. */
export const normalizeHeader = (header: string): string => header.normalize("NFD").replace(/\p{M}/gu, "").trim().replace(/\s+/g, " ").toLowerCase()

/** Without these a row cannot identify or create an insured: always present, always required. */
export const requiredColumns = ["rut", "name", "paternalLastName"] as const

export const isColumnRequired = (column: { readonly field_id: string; readonly required: boolean }): boolean =>
  column.required || (requiredColumns as ReadonlyArray<string>).includes(column.field_id)

/**
 * One column as sent: `field_id` (the original's name), and Palma's `header` (the field's name
 * when not given) and `required`. Whatever else the original client posts per column is ignored.
 */
export const FileFormatFieldInput = Payload({
  field_id: ColumnField,
  header: Schema.optional(Text(80)),
  required: Schema.optionalWith(Flag, { default: () => false })
})
export type FileFormatFieldInput = typeof FileFormatFieldInput.Type

/** Columns in display order (position = index + 1); headers left out are checked once the server names them. */
export const FileFormatInput = Payload({
  productPlan_id: Id,
  fields: Schema.Array(FileFormatFieldInput)
    .annotations({ message: () => "Debe ser una lista de columnas" })
    .pipe(Schema.maxItems(100, { message: () => "Debe tener como máximo 100 columnas" }))
}).pipe(
  Schema.filter((f) => {
    const issues: Array<{ path: ReadonlyArray<string>; message: string }> = []
    if (!isUnique(f.fields, (c) => c.field_id)) issues.push({ path: ["fields"], message: "Hay campos repetidos" })
    const headers = f.fields.flatMap((c) => (c.header === undefined ? [] : [normalizeHeader(c.header)]))
    if (!isUnique(headers)) issues.push({ path: ["fields"], message: "Hay encabezados repetidos" })
    for (const name of requiredColumns) {
      if (!f.fields.some((c) => c.field_id === name)) {
        issues.push({ path: ["fields"], message: `Falta la columna obligatoria "${name}"` })
      }
    }
    return issues
  })
)
export type FileFormatInput = typeof FileFormatInput.Type
