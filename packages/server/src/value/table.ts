import type { ValueInput } from "@palma/core"
import type { MasterTable } from "../master/MasterTable.js"

export const valueTable: MasterTable<ValueInput> = {
  table: "value",
  label: "El valor",
  select: (sql) => sql`SELECT v.id, v.family_id, f.name AS family_name, v.value_type_id AS "valueType_id",
      t.code AS "valueType_code", t.name AS "valueType_name", v.name, v.description, v.is_active AS "isActive"
    FROM value v JOIN family f ON f.id = v.family_id JOIN value_type t ON t.id = v.value_type_id`,
  columns: (input) => ({ family_id: input.family_id, value_type_id: input.valueType_id, name: input.name, description: input.description }),
  unique: ["family_id", "name"],
  uniqueMessage: "Ya existe un valor activo con ese nombre en la familia",
  references: [
    { field: "family_id", table: "family", message: "La familia indicada no existe o está inactiva" },
    { field: "valueType_id", table: "value_type", message: "El tipo de valor indicado no existe o está inactivo" }
  ],
  sortable: ["name", "family_name", "valueType_name"],
  searchable: ["name", "family_name", "valueType_name", "description"]
}
