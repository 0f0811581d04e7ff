import type { Qualification, QualificationInput } from "@palma/core/domain"
import { asValidated, type MasterTable } from "../master/MasterTableSql.js"

export const qualificationTable: MasterTable<Qualification, QualificationInput, QualificationInput> = {
  table: "qualification",
  label: "La calificación",
  select: (sql) => sql`SELECT id, name, score, is_active AS "isActive" FROM qualification`,
  resolve: asValidated,
  columns: (input) => ({ name: input.name, score: input.score }),
  unique: ["name"],
  uniqueMessage: "Ya existe una calificación activa con ese nombre",
  // The seed lists the best first.
  listOrder: "desc",
  sortable: ["score", "name"],
  searchable: ["name"]
}
