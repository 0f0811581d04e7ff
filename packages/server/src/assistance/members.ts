import { Effect, Option } from "effect"
import { type FieldProblem, Invalid, Missing } from "../domain/errors.js"
import type { NamedRow } from "../sql/ActiveRows.js"
import { type MemberKind, memberKinds, type MemberRow } from "./AssistanceRepo.js"
import type { AssistanceWrite } from "./complete.js"
import { unknownFamily } from "../domain/messages.js"

/** Each kind of family master an assistance refers to, as named in messages. */
const nouns: Record<MemberKind, { readonly noun: string; readonly inactive: string }> = {
  values: { noun: "El valor", inactive: "inactivo" },
  specialties: { noun: "La especialidad", inactive: "inactiva" },
  documents: { noun: "El documento", inactive: "inactivo" }
}

export const familyNotFound = () => new Missing({ message: unknownFamily })

/** Where the check reads the family and the members from. */
export interface MemberLookup {
  readonly family: (id: string) => Effect.Effect<Option.Option<NamedRow>>
  readonly members: (kind: MemberKind, ids: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<MemberRow>>
}

/**
 * The family must be active, and every value, specialty and document must exist, be active
 * (`Missing` naming the first missing one) and belong to the assistance's family (`Invalid` naming each
 * offending item on its field, e.g. `values.2`). Returns nothing: the input is then safe to write.
 */
export const checkMembers = (lookup: MemberLookup, input: AssistanceWrite) =>
  Effect.gen(function* () {
    const family = yield* lookup.family(input.family_id)
    if (Option.isNone(family)) return yield* Effect.fail(familyNotFound())

    const issues: Array<FieldProblem> = []
    for (const kind of memberKinds) {
      const { noun, inactive } = nouns[kind]
      const byId = new Map((yield* lookup.members(kind, input[kind])).map((row) => [row.id, row]))
      for (const [index, id] of input[kind].entries()) {
        const member = byId.get(id)
        if (!member) return yield* Effect.fail(new Missing({ message: `${noun} ${id} no existe o está ${inactive}` }))
        if (member.family_id !== input.family_id) {
          issues.push({ path: [kind, index], message: `${noun} «${member.name}» no pertenece a la familia ${family.value.name}` })
        }
      }
    }
    if (issues.length > 0) {
      const [first] = issues
      const more = issues.length > 1 ? ` (y ${issues.length - 1} problema(s) más)` : ""
      return yield* Effect.fail(new Invalid({ message: `${first!.message}${more}`, issues }))
    }
  })
