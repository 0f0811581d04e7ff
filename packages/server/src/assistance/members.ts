import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { BadRequest, type FieldIssue, NotFound } from "@palma/core"
import type { AssistanceWrite } from "./complete.js"

/** The three kinds of family masters an assistance refers to, as named in messages. */
const kinds = {
  values: { table: "value", noun: "El valor", inactive: "inactivo" },
  specialties: { table: "specialty", noun: "La especialidad", inactive: "inactiva" },
  documents: { table: "document", noun: "El documento", inactive: "inactivo" }
} as const
type Kind = keyof typeof kinds

interface Member {
  readonly id: string
  readonly family_id: string
  readonly name: string
}

/**
 * The family must be active, and every value, specialty and document must exist, be active
 * (404 naming the first missing one) and belong to the assistance's family (400 naming each
 * offending item on its field, e.g. `values.2`). Returns nothing: the input is then safe to write.
 */
export const checkMembers = (input: AssistanceWrite) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const [family] = yield* sql<{ name: string }>`SELECT name FROM family WHERE id = ${input.family_id} AND is_active`
    if (!family) return yield* Effect.fail(new NotFound({ message: "La familia indicada no existe o está inactiva" }))

    const issues: Array<FieldIssue> = []
    for (const kind of Object.keys(kinds) as Array<Kind>) {
      const ids = input[kind]
      if (ids.length === 0) continue
      const { table, noun, inactive } = kinds[kind]
      const rows = yield* sql<Member>`SELECT id, family_id, name FROM ${sql(table)} WHERE id IN ${sql.in(ids)} AND is_active`
      const byId = new Map(rows.map((row) => [row.id, row]))
      for (const [index, id] of ids.entries()) {
        const member = byId.get(id)
        if (!member) return yield* Effect.fail(new NotFound({ message: `${noun} ${id} no existe o está ${inactive}` }))
        if (member.family_id !== input.family_id) {
          issues.push({ path: [kind, index], message: `${noun} «${member.name}» no pertenece a la familia ${family.name}` })
        }
      }
    }
    if (issues.length > 0) {
      const [first] = issues
      const more = issues.length > 1 ? ` (y ${issues.length - 1} problema(s) más)` : ""
      return yield* Effect.fail(new BadRequest({ message: `${first!.message}${more}`, issues }))
    }
  })
