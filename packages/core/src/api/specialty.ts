import { Specialty, SpecialtyInput } from "../domain/specialty.js"
import { masterGroup } from "./master.js"

export const SpecialtyApi = masterGroup("specialty", Specialty, SpecialtyInput)
