import { Schema } from "effect"
import { Id, Payload, PositiveInt, Name } from "./fields.js"

/** How a specialist's service was rated at closure, with its score (higher is better). */
export const Qualification = Schema.Struct({ id: Id, name: Schema.String, score: Schema.Number, isActive: Schema.Boolean })
export type Qualification = typeof Qualification.Type

export const QualificationInput = Payload({ name: Name(60), score: PositiveInt })
export type QualificationInput = typeof QualificationInput.Type

/** A qualification id or name that names no active qualification. */
export const UNKNOWN_QUALIFICATION = "Calificación desconocida"
