import { ValueType, ValueTypeInput } from "../domain/valueType.js"
import { masterGroupUpdatedById } from "./master.js"

/** The seed has no delete for value types; `DELETE /valueType/delete/:id` is Palma's. */
export const ValueTypeApi = masterGroupUpdatedById("valueType", ValueType, ValueTypeInput, { list: "/getAll", get: "/getById/:id" }).prefix("/valueType")
