import type { Relationship, RelationshipInput } from "@palma/core/domain"
import { asValidated, type MasterTable } from "../master/MasterTableSql.js"

export const relationshipTable: MasterTable<Relationship, RelationshipInput, RelationshipInput> = {
  table: "relationship",
  label: "El parentesco",
  select: (sql) => sql`SELECT id, name, is_active AS "isActive" FROM relationship`,
  resolve: asValidated,
  columns: (input) => ({ name: input.name }),
  unique: ["name"],
  uniqueMessage: "Ya existe un parentesco activo con ese nombre",
  sortable: ["name"],
  searchable: ["name"]
}
