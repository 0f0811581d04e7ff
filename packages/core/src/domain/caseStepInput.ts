import { Schema } from "effect"
import type { CaseCommand } from "./caseCommand.js"
import { assignmentKinds, type CaseFacts } from "./caseFacts.js"
import { LooseDate, LooseTime, Pesos } from "./caseDocument.js"
import { Id, OptionalText, Payload } from "./fields.js"

/**
 * One step on a case as a person sends it (`POST /api/case/{case_id}/step`, the web's dialogs,
 * `palma case <n> <step>`): ids the server resolves and checks, then hands to the case lifecycle
 * as its command. What may be taken, and why not, is the lifecycle's to say.
 */
const step = <const T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) => Payload({ type: Schema.Literal(type), ...fields })

const Note = OptionalText(2000)
const optionalNull = <S extends Schema.Schema.Any>(schema: S) => Schema.optionalWith(Schema.NullOr(schema), { default: () => null })

export const CaseStepInput = Schema.Union(
  step("close", { description: Note }),
  step("reopen", { description: Note }),
  step("chooseProcedure", { procedure_id: Id }),
  step("assignProvider", {
    kind: Schema.Literal(...assignmentKinds).annotations({ message: () => "Indique si se envía un especialista o una alianza" }),
    provider_id: Id,
    specialty_id: optionalNull(Id),
    scheduled_date: optionalNull(LooseDate),
    scheduled_time: optionalNull(LooseTime)
  }),
  step("schedule", { scheduled_date: optionalNull(LooseDate), scheduled_time: optionalNull(LooseTime) }),
  step("confirmAssignment", {}),
  step("completeAssignment", {}),
  step("qualify", { qualification_id: Id, comment: Schema.optionalWith(Note, { default: () => "" }) }),
  step("cancelAssignment", {}),
  step("requestRefund", { amount: Pesos, comment: Schema.optionalWith(Note, { default: () => "" }) }),
  step("approveRefund", {}),
  step("rejectRefund", {}),
  /** `refunded`: what was paid back, when not all that was asked for. */
  step("payRefund", { refunded: optionalNull(Pesos) })
).annotations({ message: () => "Paso desconocido: no es uno de los pasos de un caso" })
export type CaseStepInput = typeof CaseStepInput.Type

const none = { required: null, refunded: null }

/**
 * The lifecycle's command for a step, once its records are known to exist: `procedureCode` is the
 * code of the procedure a `chooseProcedure` names (looked up by whoever sends it).
 */
export const commandOfStep = (input: CaseStepInput, facts: CaseFacts, procedureCode: string | null): CaseCommand => {
  switch (input.type) {
    case "chooseProcedure":
      return { type: "chooseProcedure", procedure: { id: input.procedure_id, code: procedureCode ?? "" } }
    case "assignProvider":
      return { ...input, district_id: null }
    case "requestRefund": {
      // What the case's procedure asks for: an IMED discount, or a reimbursement.
      const asked = { required: Math.round(input.amount), refunded: null }
      const imed = facts.procedure?.code === "imed"
      return { type: "requestRefund", amount: imed ? none : asked, imed: imed ? asked : none, comment: input.comment }
    }
    case "payRefund":
      return { type: "payRefund", refunded: input.refunded === null ? null : Math.round(input.refunded) }
    default:
      return input
  }
}
