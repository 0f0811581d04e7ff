import { Effect, Option } from "effect"
import { BadRequest, type CaseCommand, type CaseFacts, type CaseStepInput, commandOfStep } from "@palma/core"
import type { CaseReferences } from "./CaseReferences.js"

type References = Effect.Effect.Success<typeof CaseReferences>

const invalid = (field: string, message: string) => new BadRequest({ message, issues: [{ path: [field], message }] })

/** Fails naming the field unless `id` is an active record of `table`. */
const known = (refs: References, table: Parameters<References["active"]>[0], id: string | null, field: string, message: string) =>
  id === null ? Effect.void : Effect.flatMap(refs.active(table, [id]), (found) => (found.has(id) ? Effect.void : Effect.fail(invalid(field, message))))

/** The records a step names, checked to exist: only those (the case's others were checked when written). Answers the procedure's code. */
const resolve = (input: CaseStepInput, refs: References): Effect.Effect<string | null, BadRequest> => {
  switch (input.type) {
    case "chooseProcedure":
      return Effect.flatMap(
        refs.procedureCode(input.procedure_id),
        Option.match({ onNone: () => Effect.fail(invalid("procedure_id", "Procedimiento desconocido")), onSome: (code) => Effect.succeed(code) })
      )
    case "assignProvider":
      return Effect.as(
        Effect.all([
          input.kind === "specialist"
            ? known(refs, "specialist", input.provider_id, "provider_id", "Especialista desconocido o inactivo")
            : known(refs, "partner", input.provider_id, "provider_id", "Alianza desconocida o inactiva"),
          known(refs, "specialty", input.specialty_id, "specialty_id", "Especialidad desconocida")
        ]),
        null
      )
    case "qualify":
      return Effect.as(known(refs, "qualification", input.qualification_id, "qualification_id", "Calificación desconocida"), null)
    default:
      return Effect.succeed(null)
  }
}

/** The lifecycle's command for a step a person sent, its records checked. */
export const stepCommand = (input: CaseStepInput, facts: CaseFacts, refs: References): Effect.Effect<CaseCommand, BadRequest> =>
  Effect.map(resolve(input, refs), (code) => commandOfStep(input, facts, code))
