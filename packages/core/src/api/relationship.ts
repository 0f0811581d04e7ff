import { Relationship, RelationshipInput } from "../domain/relationship.js"
import { masterGroup } from "./master.js"

export const RelationshipApi = masterGroup("relationship", Relationship, RelationshipInput)
