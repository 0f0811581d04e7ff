import { Procedure, ProcedureInput } from "../domain/procedure.js"
import { masterGroup } from "./master.js"

export const ProcedureApi = masterGroup("procedure", Procedure, ProcedureInput)
