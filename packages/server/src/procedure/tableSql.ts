import { type Procedure, procedureCodes, type ProcedureInput } from "@palma/core/domain"
import { asValidated, type MasterTable } from "../master/MasterTableSql.js"

const seeded: ReadonlyArray<string> = procedureCodes

export const procedureTable: MasterTable<Procedure, ProcedureInput, ProcedureInput> = {
  table: "procedure",
  label: "El procedimiento",
  select: (sql) => sql`SELECT id, code, name, is_active AS "isActive" FROM procedure`,
  resolve: asValidated,
  columns: (input) => ({ code: input.code, name: input.name }),
  unique: ["code"],
  uniqueMessage: "Ya existe un procedimiento activo con ese código",
  // Case resolution keys on these codes.
  guardUpdate: (current, input) =>
    seeded.includes(current.code) && current.code !== input.code ? "El código de un procedimiento del sistema no se puede cambiar (sí su nombre)" : undefined,
  sortable: ["name", "code"],
  searchable: ["code", "name"]
}
