import { ParseResult, Schema } from "effect"
import { Id, NumberLike } from "./fields.js"
import { NOT_AN_ID_LIST, REPEATED_IDS, INVALID_DISTRICT_REF, tooManyItems, INVALID_PHONE, INVALID_DISTRICT, INVALID_VALUE } from "./messages.js"

/**
 * Field helpers shared by the entity schemas, beside fields.ts. Base type messages sit on the
 * base schema and each filter keeps its own message: an outer `.annotations({ message })` on a
 * refinement would replace the last filter's message.
 */

/** One of a fixed set of literals, with one Spanish message (a union needs `override`). */
export const Choice = <const L extends ReadonlyArray<string | number>>(literals: L, message: string) =>
  Schema.Literal(...literals).annotations({ message: () => ({ message, override: true }) })

/**
 * An optional value that is `null` when absent. Input may be missing (with a default at the
 * property), null, or blank text (forms send ""); anything else must satisfy `schema`, whose
 * own Spanish messages are kept. Any text is read first, so a blank also means none for a
 * `Choice` (whose own encoded side would refuse "").
 */
export const Nullable = <A, I extends string>(schema: Schema.Schema<A, I>, typeMessage = INVALID_VALUE) =>
  Schema.transformOrFail(
    Schema.Union(Schema.Null, Schema.String).annotations({
      message: () => ({ message: typeMessage, override: true })
    }),
    Schema.NullOr(Schema.typeSchema(schema)),
    {
      strict: true,
      decode: (input, options) => (input === null || input.trim() === "" ? ParseResult.succeed(null) : ParseResult.decodeUnknown(schema)(input, options)),
      encode: (value, options) => (value === null ? ParseResult.succeed(null) : ParseResult.encode(schema)(value, options))
    }
  )

/** A property that may be omitted from a payload and then is null. */
export const optionalNull = <A, I extends string>(schema: Schema.Schema<A, I>, typeMessage?: string) =>
  Schema.optionalWith(Nullable(schema, typeMessage), { default: () => null })

const WholeNumber = (message: string) => NumberLike.pipe(Schema.int({ message: () => message }))

export const IntBetween = (min: number, max: number, message: string) => WholeNumber(message).pipe(Schema.between(min, max, { message: () => message }))

export const isUnique = <A>(items: ReadonlyArray<A>, key: (a: A) => unknown = (a) => a) => new Set(items.map(key)).size === items.length

/** A list of distinct ids (order kept: it means priority or display order). */
export const IdList = (max = 200) =>
  Schema.Array(Id)
    .annotations({ message: () => NOT_AN_ID_LIST })
    .pipe(
      Schema.maxItems(max, { message: () => tooManyItems(max) }),
      Schema.filter((ids) => isUnique(ids) || REPEATED_IDS)
    )

/**
 * A comuna as a client names it: its SUBDERE CUT code ("05101"; 4 digits are padded, because
 * spreadsheets drop the leading zero of numeric cells) or its name ("Ñuñoa", "nunoa": the original
 * client sends names). The server resolves it against the official list and answers the name in
 * `district` with the code beside it in `district_id`.
 */
export const DistrictRef = Schema.transformOrFail(Schema.String.annotations({ message: () => INVALID_DISTRICT }), Schema.String, {
  strict: true,
  decode: (input, _, ast) => {
    const s = input.trim().replace(/\s+/g, " ")
    if (/^\d{4,5}$/.test(s)) return ParseResult.succeed(s.padStart(5, "0"))
    return s.length >= 2 && s.length <= 80 && s.isWellFormed() && ![...s].some((c) => c.charCodeAt(0) < 0x20)
      ? ParseResult.succeed(s)
      : ParseResult.fail(new ParseResult.Type(ast, input, INVALID_DISTRICT_REF))
  },
  encode: ParseResult.succeed
}).annotations({
  identifier: "DistrictRef",
  // Generated values must be real comunas (the security suites' valid samples).
  arbitrary: () => (fc) => fc.constantFrom("13101", "13120", "05109", "Ñuñoa", "Valparaíso", "nunoa")
})

/** A comuna's CUT code as stored: five digits. */
export const isDistrictCode = (ref: string): boolean => /^\d{5}$/.test(ref)

/** A comuna name as compared: accents, case and spacing do not matter ("nunoa" is Ñuñoa). */
export const normalizeDistrictName = (name: string): string => name.normalize("NFD").replace(/\p{M}/gu, "").trim().replace(/\s+/g, " ").toLowerCase()

/** A phone as typed (Chilean or international); 8 to 15 digits. */
export const Phone = Schema.Trim.annotations({ message: () => INVALID_PHONE }).pipe(
  Schema.pattern(/^\+?[\d\s()-]{8,24}$/, { message: () => INVALID_PHONE }),
  Schema.filter((s) => {
    const digits = s.replace(/\D/g, "").length
    return (digits >= 8 && digits <= 15) || "Teléfono inválido (8 a 15 dígitos)"
  })
)
