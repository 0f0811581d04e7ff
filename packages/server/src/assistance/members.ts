import { Effect, Option } from "effect"
import { BadRequest, type FieldIssue, NotFound } from "@palma/core/api"
import type { NamedRow } from "../sql/ActiveRows.js"
import { type MemberKind, memberKinds, type MemberRow } from "./AssistanceRepo.js"
import type { AssistanceWrite } from "./complete.js"

/** Each kind of family master an assistance refers to, as named in messages. */
const nouns: Record<MemberKind, { readonly noun: string; readonly inactive: string }> = {
  values: { noun: "El valor", inactive: "inactivo" },
  specialties: { noun: "La especialidad", inactive: "inactiva" },
  documents: { noun: "El documento", inactive: "inactivo" }
}

export const familyNotFound = () => new NotFound({ message: "La familia indicada no existe o está inactiva" })

/** Where the check reads the family and the members from. */
export interface MemberLookup {
  readonly family: (id: string) => Effect.Effect<Option.Option<NamedRow>>
  readonly members: (kind: MemberKind, ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<MemberRow>>
}

/**
 * The family must be active, and every value, specialty and document must exist, be active
 * (404 naming the first missing one) and belong to the assistance's family (400 naming each
 * offending item on its field, e.g. `values.2`). Returns nothing: the input is then safe to write.
 */
export const checkMembers = (lookup: MemberLookup, input: AssistanceWrite) =>
  Effect.gen(function* () {
    const family = yield* lookup.family(input.family_id)
    if (Option.isNone(family)) return yield* Effect.fail(familyNotFound())

    const issues: Array<FieldIssue> = []
    for (const kind of memberKinds) {
      const { noun, inactive } = nouns[kind]
      const byId = new Map((yield* lookup.members(kind, input[kind])).map((row) => [row.id, row]))
      for (const [index, id] of input[kind].entries()) {
        const member = byId.get(id)
        if (!member) return yield* Effect.fail(new NotFound({ message: `${noun} ${id} no existe o está ${inactive}` }))
        if (member.family_id !== input.family_id) {
          issues.push({ path: [kind, index], message: `${noun} «${member.name}» no pertenece a la familia ${family.value.name}` })
        }
      }
    }
    if (issues.length > 0) {
      const [first] = issues
      const more = issues.length > 1 ? ` (y ${issues.length - 1} problema(s) más)` : ""
      return yield* Effect.fail(new BadRequest({ message: `${first!.message}${more}`, issues }))
    }
  })
