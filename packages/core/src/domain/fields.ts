import { Schema } from "effect"

/**
 * Field schemas with Spanish messages. Every payload is built from these so a
 * 400 always tells the operator, in Spanish, what to fix.
 */

export const Id = Schema.UUID.annotations({
  identifier: "Id",
  message: () => "Identificador inválido"
})
export type Id = typeof Id.Type

/**
 * Text a person could type: no NUL (PostgreSQL cannot store it) and no lone
 * surrogate halves (they would be stored as replacement characters).
 */
export const Typeable = Schema.String.pipe(
  Schema.filter((s) => !s.includes("\u0000") && s.isWellFormed(), { message: () => "Contiene caracteres no permitidos" })
)

const TrimmedTypeable = Schema.compose(Typeable, Schema.Trim)

/** A required, trimmed, non-empty text of bounded length. */
export const Text = (max: number) =>
  TrimmedTypeable.pipe(
    Schema.minLength(1, { message: () => "Este campo es obligatorio" }),
    Schema.maxLength(max, { message: () => `Debe tener como máximo ${max} caracteres` })
  )

/** An optional free text; empty becomes "". */
export const OptionalText = (max: number) =>
  TrimmedTypeable.pipe(
    Schema.maxLength(max, { message: () => `Debe tener como máximo ${max} caracteres` })
  )

export const Flag = Schema.Boolean.annotations({ message: () => "Debe ser verdadero o falso" })

// Type mismatches get a generic Spanish message from spanishIssues; an outer
// message annotation here would hide the filters' specific ones.
export const PositiveInt = Schema.Int.pipe(
  Schema.positive({ message: () => "Debe ser un número entero mayor que cero" })
)

export const NonNegativeInt = Schema.Int.pipe(
  Schema.nonNegative({ message: () => "No puede ser negativo" })
)

/** A calendar date on the wire: "YYYY-MM-DD". */
export const IsoDate = Schema.String.pipe(
  Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => "Fecha inválida (use AAAA-MM-DD)" }),
  Schema.filter((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    message: () => "Fecha inexistente"
  })
).annotations({ identifier: "IsoDate" })

export const Email = TrimmedTypeable.pipe(
  Schema.maxLength(254, { message: () => "Correo demasiado largo" }),
  Schema.pattern(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: () => "Correo electrónico inválido" })
)

/** A payload struct that rejects fields it does not know (no mass assignment). */
export const Payload = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct(fields).annotations({ parseOptions: { onExcessProperty: "error", errors: "all" } })
