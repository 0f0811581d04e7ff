import { Stage, StageInput } from "../domain/stage.js"
import { masterGroup } from "./master.js"

export const StageApi = masterGroup("stage", Stage, StageInput)
