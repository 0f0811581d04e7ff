import type { Family, FamilyInput } from "@palma/core/domain"
import { asValidated, type MasterTable } from "../master/MasterTableSql.js"

export const familyTable: MasterTable<Family, FamilyInput, FamilyInput> = {
  table: "family",
  label: "La familia",
  select: (sql) => sql`SELECT id, name, is_active AS "isActive" FROM family`,
  resolve: asValidated,
  columns: (input) => ({ name: input.name }),
  unique: ["name"],
  uniqueMessage: "Ya existe una familia activa con ese nombre",
  sortable: ["name"],
  searchable: ["name"]
}
