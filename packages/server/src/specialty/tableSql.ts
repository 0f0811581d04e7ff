import type { Specialty, SpecialtyInput } from "@palma/core/domain"
import { familyScopedTable } from "../master/familyScopedTableSql.js"

export const specialtyTable = familyScopedTable<Specialty, SpecialtyInput>({
  table: "specialty",
  label: "La especialidad",
  uniqueMessage: "Ya existe una especialidad activa con ese nombre en la familia"
})
