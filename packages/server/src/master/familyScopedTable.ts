import type { MasterTable } from "./MasterTable.js"

interface FamilyScopedInput extends Record<string, unknown> {
  readonly family_id: string
  readonly name: string
  readonly description: string
}

/** Specialties and documents share one shape: a named, described item of a family. */
export const familyScopedTable = <In extends FamilyScopedInput>(options: {
  readonly table: "specialty" | "document"
  readonly label: string
  readonly uniqueMessage: string
}): MasterTable<In> => ({
  table: options.table,
  label: options.label,
  select: (sql) => sql`SELECT t.id, t.family_id, f.name AS family_name, t.name, t.description, t.is_active AS "isActive"
    FROM ${sql(options.table)} t JOIN family f ON f.id = t.family_id`,
  columns: (input) => ({ family_id: input.family_id, name: input.name, description: input.description }),
  unique: ["family_id", "name"],
  uniqueMessage: options.uniqueMessage,
  references: [{ field: "family_id", table: "family", message: "La familia indicada no existe o está inactiva" }],
  sortable: ["name", "family_name"],
  searchable: ["name", "family_name", "description"]
})
