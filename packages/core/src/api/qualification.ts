import { Qualification, QualificationInput } from "../domain/qualification.js"
import { masterGroup } from "./master.js"

export const QualificationApi = masterGroup("qualification", Qualification, QualificationInput)
