import { ValueType, ValueTypeInput } from "../domain/valueType.js"
import { masterGroup } from "./master.js"

export const ValueTypeApi = masterGroup("valueType", ValueType, ValueTypeInput)
