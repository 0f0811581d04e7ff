import { Schema } from "effect"
import { Id, Payload, Text } from "./fields.js"

/** Business line: Hogar, Salud, Mascotas… */
export const Family = Schema.Struct({ id: Id, name: Schema.String, isActive: Schema.Boolean })
export type Family = typeof Family.Type

export const FamilyInput = Payload({ name: Text(80) })
export type FamilyInput = typeof FamilyInput.Type
