import { Effect } from "effect"
import { type CaseCommand, type CaseFacts, type CaseStepInput, commandOfStep } from "@palma/core/domain"
import { Invalid } from "../domain/errors.js"
import type { CaseReferences } from "./CaseReferences.js"

type References = Effect.Effect.Success<typeof CaseReferences>

/** The records a step names, checked to exist: only those (the case's others were checked when written). Answers the procedure's code. */
const resolve = (input: CaseStepInput, refs: References): Effect.Effect<string | null, Invalid> => {
  switch (input.type) {
    case "chooseProcedure":
      return refs.procedureCode(input.procedure_id, ["procedure_id"])
    case "assignProvider":
      return Effect.as(
        Effect.all([
          refs.known(input.kind === "specialist" ? "specialist" : "partner", input.provider_id, ["provider_id"]),
          refs.known("specialty", input.specialty_id, ["specialty_id"])
        ]),
        null
      )
    case "qualify":
      return Effect.as(refs.known("qualification", input.qualification_id, ["qualification_id"]), null)
    default:
      return Effect.succeed(null)
  }
}

/** The lifecycle's command for a step a person sent, its records checked. */
export const stepCommand = (input: CaseStepInput, facts: CaseFacts, refs: References): Effect.Effect<CaseCommand, Invalid> =>
  Effect.map(resolve(input, refs), (code) => commandOfStep(input, facts, code))
