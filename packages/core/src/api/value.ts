import { Value, ValueInput } from "../domain/value.js"
import { masterGroup } from "./master.js"

export const ValueApi = masterGroup("value", Value, ValueInput)
