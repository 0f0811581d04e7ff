import { Schema } from "effect"
import { Id, Payload, Name } from "./fields.js"

/** How a carga relates to the titular: Cónyuge, Hijo/a… */
export const Relationship = Schema.Struct({ id: Id, name: Schema.String, isActive: Schema.Boolean })
export type Relationship = typeof Relationship.Type

export const RelationshipInput = Payload({ name: Name(60) })
export type RelationshipInput = typeof RelationshipInput.Type
