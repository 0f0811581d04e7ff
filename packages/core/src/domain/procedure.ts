import { Schema } from "effect"
import { Id, Payload, Name } from "./fields.js"
import { Code } from "./stage.js"

/** How a case is resolved; logic keys on `code` (specialist, alliance, refund, imed). */
export const Procedure = Schema.Struct({ id: Id, code: Schema.String, name: Schema.String, isActive: Schema.Boolean })
export type Procedure = typeof Procedure.Type

export const ProcedureInput = Payload({ code: Code, name: Name(80) })
export type ProcedureInput = typeof ProcedureInput.Type

export const procedureCodes = ["specialist", "alliance", "refund", "imed"] as const

/** The new case's choice of no procedure yet (the screen's placeholder, the CLI's option). */
export const PROCEDURE_UNDECIDED = "Sin definir por ahora"
