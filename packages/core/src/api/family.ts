import { Family, FamilyInput } from "../domain/family.js"
import { masterGroup } from "./master.js"

export const FamilyApi = masterGroup("family", Family, FamilyInput, { list: "/list", get: "/get/:id" }).prefix("/family")
