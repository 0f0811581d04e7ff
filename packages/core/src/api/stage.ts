import { Stage, StageInput } from "../domain/stage.js"
import { masterGroup } from "./master.js"

export const StageApi = masterGroup("stage", Stage, StageInput, { list: "/getAll", get: "/get/:id" }).prefix("/stage")
