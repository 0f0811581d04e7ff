import { Schema } from "effect"
import { Id, Payload, Name } from "./fields.js"

/** Business line: Hogar, Salud, Mascotas… */
export const Family = Schema.Struct({ id: Id, name: Schema.String, isActive: Schema.Boolean })
export type Family = typeof Family.Type

export const FamilyInput = Payload({ name: Name(80) })
export type FamilyInput = typeof FamilyInput.Type

/** A family as the seed's `/specialty/families` and `/document/families` answer it. */
export const FamilyOfItems = Schema.Struct({ family_id: Id, family_name: Schema.String })
export type FamilyOfItems = typeof FamilyOfItems.Type
