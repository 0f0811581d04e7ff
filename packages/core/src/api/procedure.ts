import { Procedure, ProcedureInput } from "../domain/procedure.js"
import { masterGroup } from "./master.js"

/** The seed has only `GET /procedure/getAll`; the other calls are Palma's, in the family's style. */
export const ProcedureApi = masterGroup("procedure", Procedure, ProcedureInput, { list: "/getAll", get: "/get/:id" }).prefix("/procedure")
