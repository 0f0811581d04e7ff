import type { ValueType, ValueTypeInput } from "@palma/core/domain"
import { asValidated, type MasterTable } from "../master/MasterTableSql.js"

export const valueTypeTable: MasterTable<ValueType, ValueTypeInput, ValueTypeInput> = {
  table: "value_type",
  label: "El tipo de valor",
  select: (sql) => sql`SELECT id, code, name, description, is_active AS "isActive" FROM value_type`,
  resolve: asValidated,
  columns: (input) => ({ code: input.code, name: input.name, description: input.description }),
  unique: ["code"],
  uniqueMessage: "Ya existe un tipo de valor activo con ese código",
  sortable: ["code", "name"],
  searchable: ["code", "name", "description"]
}
