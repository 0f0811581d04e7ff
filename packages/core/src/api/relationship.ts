import { Relationship, RelationshipInput } from "../domain/relationship.js"
import { masterGroup } from "./master.js"

/** The seed has only `GET /relationship/getAll`; the other calls are Palma's, in the family's style. */
export const RelationshipApi = masterGroup("relationship", Relationship, RelationshipInput, { list: "/getAll", get: "/get/:id" }).prefix("/relationship")
