import type { SpecialtyInput } from "@palma/core"
import type { MasterTable } from "../master/MasterTable.js"

export const specialtyTable: MasterTable<SpecialtyInput> = {
  table: "specialty",
  label: "La especialidad",
  select: (sql) => sql`SELECT t.id, t.family_id, f.name AS family_name, t.name, t.description, t.is_active AS "isActive"
    FROM specialty t JOIN family f ON f.id = t.family_id`,
  columns: (input) => ({ family_id: input.family_id, name: input.name, description: input.description }),
  unique: ["family_id", "name"],
  uniqueMessage: "Ya existe una especialidad activa con ese nombre en la familia",
  references: [{ field: "family_id", table: "family", message: "La familia indicada no existe o está inactiva" }],
  sortable: ["name", "family_name"],
  searchable: ["name", "family_name", "description"]
}
