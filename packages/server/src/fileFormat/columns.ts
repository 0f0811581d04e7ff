import { Schema } from "effect"
import { type FileFormatField, type RosterFieldName, rosterFieldFormat, rosterFieldLabel, rosterFieldNames, valueFormat } from "@palma/core/domain"

/** A stored column with the value it feeds, when it feeds one (`value_*` are null for roster fields). */
export const ColumnRow = Schema.Struct({
  id: Schema.String,
  field: Schema.String,
  header: Schema.String,
  required: Schema.Boolean,
  position: Schema.Number,
  value_name: Schema.NullOr(Schema.String),
  value_type_code: Schema.NullOr(Schema.String)
})
export type ColumnRow = typeof ColumnRow.Type

const isRosterField = (field: string): field is RosterFieldName => (rosterFieldNames as ReadonlyArray<string>).includes(field)

/**
 * A column as the original API answers it: a roster field is an "insured" field named by its
 * own name; a value is a "value" field. A value since removed from the product keeps its name.
 */
export const toColumn = (row: ColumnRow): FileFormatField => {
  const roster = isRosterField(row.field)
  return {
    id: row.id,
    field_db_name: roster ? row.field : "value",
    field_type: roster ? "insured" : "value",
    field_id: row.field,
    field_name: roster ? rosterFieldLabel[row.field] : (row.value_name ?? row.header),
    field_format: roster ? rosterFieldFormat[row.field] : valueFormat(row.value_type_code ?? ""),
    header: row.header,
    required: row.required,
    position: row.position
  }
}
