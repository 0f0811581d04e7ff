import type { SpecialtyInput } from "@palma/core"
import { familyScopedTable } from "../master/familyScopedTable.js"

export const specialtyTable = familyScopedTable<SpecialtyInput>({
  table: "specialty",
  label: "La especialidad",
  uniqueMessage: "Ya existe una especialidad activa con ese nombre en la familia"
})
