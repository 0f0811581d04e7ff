import { asValidated, type MasterTable } from "./MasterTableSql.js"
import { unknownFamily } from "../domain/messages.js"

interface FamilyScopedInput {
  readonly family_id: string
  readonly name: string
  readonly description: string
}

/** Specialties and documents share one shape: a named, described item of a family. */
export const familyScopedTable = <A, In extends FamilyScopedInput>(options: {
  readonly table: "specialty" | "document"
  readonly label: string
  readonly uniqueMessage: string
}): MasterTable<A, In, In> => ({
  table: options.table,
  label: options.label,
  select: (sql) => sql`SELECT t.id, t.family_id, f.name AS family_name, t.name, t.description, t.is_active AS "isActive"
    FROM ${sql(options.table)} t JOIN family f ON f.id = t.family_id`,
  resolve: asValidated,
  columns: (input) => ({ family_id: input.family_id, name: input.name, description: input.description }),
  unique: ["family_id", "name"],
  uniqueMessage: options.uniqueMessage,
  references: [{ table: "family", id: (input) => input.family_id, message: unknownFamily }],
  sortable: ["name", "family_name"],
  searchable: ["name", "family_name", "description"]
})
