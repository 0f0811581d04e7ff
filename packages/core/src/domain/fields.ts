import { ParseResult, Schema } from "effect"
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, EMAIL_TOO_LONG, INVALID_EMAIL, isStorable, NOT_ALLOWED_CHARACTERS } from "./signInRules.js"
import { chileDateOf } from "./time.js"
import { REQUIRED, INVALID_ISO_DATE, INVALID_ID, tooManyCharacters } from "./messages.js"

export { EMAIL_PATTERN, INVALID_EMAIL, isStorable, NOT_ALLOWED_CHARACTERS } from "./signInRules.js"

/**
 * Field schemas with Spanish messages. Every payload is built from these so a
 * 400 always tells the operator, in Spanish, what to fix.
 */

export const Id = Schema.UUID.annotations({
  identifier: "Id",
  message: () => INVALID_ID
})
export type Id = typeof Id.Type

export const NOT_A_FLAG = "Debe ser verdadero o falso"

/** Text a person could type. */
export const Typeable = Schema.String.pipe(Schema.filter(isStorable, { message: () => NOT_ALLOWED_CHARACTERS }))

const TrimmedTypeable = Schema.compose(Typeable, Schema.Trim)

/** A required, trimmed, non-empty text of bounded length. */
export const Text = (max: number) =>
  TrimmedTypeable.pipe(Schema.minLength(1, { message: () => REQUIRED }), Schema.maxLength(max, { message: () => tooManyCharacters(max) }))

/** Embedding and isolate controls (U+202A–U+202E, U+2066–U+2069): they make a name display as another one. */
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u
/** Text with nothing visible: format characters (zero-width spaces and joiners, BOM, soft hyphen…) and spaces only. */
const INVISIBLE_ONLY = /^[\p{Cf}\s]+$/u

/**
 * The name of a record (a family, a product, a person…): a required text that reads as what it
 * is. Bidirectional controls and names made only of invisible characters are refused: both let
 * two names look alike in a list, or a name look empty, while being different.
 */
export const Name = (max: number) =>
  Text(max).pipe(
    Schema.filter((s) => !BIDI_CONTROL.test(s), { message: () => "No puede contener caracteres de control de dirección del texto" }),
    Schema.filter((s) => !INVISIBLE_ONLY.test(s), { message: () => "Debe contener caracteres visibles" })
  )

/** An optional free text; empty becomes "". */
export const OptionalText = (max: number) => TrimmedTypeable.pipe(Schema.maxLength(max, { message: () => tooManyCharacters(max) }))

export const Flag = Schema.Boolean.annotations({ message: () => NOT_A_FLAG })

const NUMERIC_TEXT = /^[+-]?\d+(\.\d+)?$/

/**
 * A number, also when sent as numeric text: the original client sends what its inputs hold
 * ("3", " 12 "). Anything else is a type error with a Spanish message.
 */
export const NumberLike = Schema.transformOrFail(
  Schema.Union(Schema.Number, Schema.String).annotations({ message: () => ({ message: "Debe ser un número", override: true }) }),
  Schema.Number,
  {
    strict: true,
    decode: (input, _, ast) => {
      if (typeof input === "number") return ParseResult.succeed(input)
      const text = input.trim()
      return NUMERIC_TEXT.test(text) ? ParseResult.succeed(Number(text)) : ParseResult.fail(new ParseResult.Type(ast, input, "Debe ser un número"))
    },
    encode: ParseResult.succeed
  }
).annotations({ identifier: "NumberLike" })

// Type mismatches get a generic Spanish message from spanishIssues; an outer
// message annotation here would hide the filters' specific ones.
export const PositiveInt = NumberLike.pipe(
  Schema.int({ message: () => "Debe ser un número entero" }),
  Schema.positive({ message: () => "Debe ser un número entero mayor que cero" })
)

export const NonNegativeInt = NumberLike.pipe(
  Schema.int({ message: () => "Debe ser un número entero" }),
  Schema.nonNegative({ message: () => "No puede ser negativo" })
)

/** A calendar date on the wire: "YYYY-MM-DD". */
export const IsoDate = Schema.String.pipe(
  Schema.pattern(/^\d{4}-\d{2}-\d{2}$/, { message: () => INVALID_ISO_DATE }),
  Schema.filter((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    message: () => "Fecha inexistente"
  })
).annotations({ identifier: "IsoDate" })

export const FUTURE_BIRTH_DATE = "La fecha de nacimiento no puede ser posterior a hoy"

/** A person's birth date: a day that exists, not after today in Chile (a carga not yet born is no carga). */
export const BirthDate = IsoDate.pipe(Schema.filter((s) => s <= chileDateOf(new Date()), { message: () => FUTURE_BIRTH_DATE })).annotations({
  identifier: "BirthDate"
})

export const Email = TrimmedTypeable.pipe(
  Schema.maxLength(EMAIL_MAX_LENGTH, { message: () => EMAIL_TOO_LONG }),
  Schema.pattern(EMAIL_PATTERN, { message: () => INVALID_EMAIL })
)

/**
 * A request body. The original client posts its whole state object, so fields the payload does
 * not declare are accepted and dropped, never bound (DESIGN §2): only declared fields reach a
 * handler, so an `id`, `isActive` or `user_id` in a body changes nothing.
 */
export const Payload = <F extends Schema.Struct.Fields>(fields: F) =>
  Schema.Struct(fields).annotations({ parseOptions: { onExcessProperty: "ignore", errors: "all" } })
