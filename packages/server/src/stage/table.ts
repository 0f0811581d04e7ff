import { seededStageCodes, type StageInput } from "@palma/core"
import type { MasterTable } from "../master/MasterTable.js"

const seeded: ReadonlyArray<string> = seededStageCodes

export const stageTable: MasterTable<StageInput> = {
  table: "stage",
  label: "La etapa",
  select: (sql) => sql`SELECT id, code, name, number, is_active AS "isActive" FROM stage`,
  columns: (input) => ({ code: input.code, name: input.name, number: input.number }),
  unique: ["code"],
  uniqueMessage: "Ya existe una etapa activa con ese código",
  // Case logic keys on the seeded codes; renaming one would silently break it.
  guardUpdate: (current, input) =>
    seeded.includes(String(current.code)) && current.code !== input.code
      ? "El código de una etapa del sistema no se puede cambiar (sí su nombre y orden)"
      : undefined,
  sortable: ["number", "name", "code"],
  searchable: ["code", "name"]
}
