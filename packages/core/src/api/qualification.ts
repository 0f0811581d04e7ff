import { Qualification, QualificationInput } from "../domain/qualification.js"
import { masterGroup } from "./master.js"

/** The seed has only `GET /qualification/getAll`; the other calls are Palma's, in the family's style. */
export const QualificationApi = masterGroup("qualification", Qualification, QualificationInput, { list: "/getAll", get: "/get/:id" }).prefix("/qualification")
