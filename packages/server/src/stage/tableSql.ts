import { Effect } from "effect"
import { codeFromName, seededStageCodes, type Stage, type StageInput } from "@palma/core/domain"
import type { MasterTable } from "../master/MasterTableSql.js"

const seeded: ReadonlyArray<string> = seededStageCodes

interface ResolvedStage {
  readonly code: string
  readonly name: string
  readonly number: number
}

export const stageTable: MasterTable<Stage, StageInput, ResolvedStage> = {
  table: "stage",
  label: "La etapa",
  select: (sql) => sql`SELECT id, code, name, number, is_active AS "isActive" FROM stage`,
  /**
   * The seed sends `{name}` alone. An update without code or number keeps the stage's own; a
   * new stage gets a code from its name (suffixed while taken) and goes last.
   */
  resolve: (sql, input, selfId) =>
    Effect.gen(function* () {
      const [self] = selfId ? yield* sql<{ code: string; number: number }>`SELECT code, number FROM stage WHERE id = ${selfId}` : []
      const [last] = yield* sql<{ number: number }>`SELECT coalesce(max(number), 0)::int AS number FROM stage WHERE is_active`
      const taken = new Set((yield* sql<{ code: string }>`SELECT code FROM stage WHERE is_active`).map((r) => r.code))
      const base = codeFromName(input.name)
      let code = base
      for (let n = 2; taken.has(code); n++) code = `${base.slice(0, 36)}_${n}`
      return {
        name: input.name,
        code: input.code ?? self?.code ?? code,
        number: input.number ?? self?.number ?? (last?.number ?? 0) + 1
      }
    }).pipe(Effect.orDie),
  columns: (input) => ({ code: input.code, name: input.name, number: input.number }),
  unique: ["code"],
  uniqueMessage: "Ya existe una etapa activa con ese código",
  // Case logic keys on the seeded codes; renaming one would silently break it.
  guardUpdate: (current, input) =>
    seeded.includes(current.code) && current.code !== input.code ? "El código de una etapa del sistema no se puede cambiar (sí su nombre y orden)" : undefined,
  sortable: ["number", "name", "code"],
  searchable: ["code", "name"]
}
