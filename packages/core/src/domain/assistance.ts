import { Option, ParseResult, Schema, type SchemaAST } from "effect"
import { isUnique } from "./common.js"
import { Id, NOT_ALLOWED_CHARACTERS, OptionalText, Payload, Name, isStorable } from "./fields.js"
import { REQUIRED, INVALID_ID, NOT_AN_ID_LIST, REPEATED_IDS, tooManyItems, tooManyCharacters } from "./messages.js"

/** A specialty or document an assistance uses, as the seed answers it. */
export const AssistanceMember = Schema.Struct({ id: Id, name: Schema.String })
export type AssistanceMember = typeof AssistanceMember.Type

/** A value asked when a case of this assistance is opened; the list is in asking order (`position`, 1-based). */
export const AssistanceValue = Schema.Struct({ id: Id, name: Schema.String, position: Schema.Number })
export type AssistanceValue = typeof AssistanceValue.Type

/**
 * A benefit or an exclusion. Its `id` is derived from the assistance, the list and the text, so it
 * stays the same while the text does (the seed's rows had ids; nothing refers to them).
 */
export const AssistanceText = Schema.Struct({ id: Id, description: Schema.String })
export type AssistanceText = typeof AssistanceText.Type

/**
 * A covered service: what to ask, who can do it, what to require, what it includes and excludes.
 * The seed's shape (`family {id, name}`, lists of `{id, name}` and `{id, description}`) with
 * Palma's flat family fields beside it.
 */
export const Assistance = Schema.Struct({
  id: Id,
  name: Schema.String,
  description: Schema.String,
  family: Schema.Struct({ id: Id, name: Schema.String }),
  family_id: Id,
  family_name: Schema.String,
  values: Schema.Array(AssistanceValue),
  specialties: Schema.Array(AssistanceMember),
  documents: Schema.Array(AssistanceMember),
  benefits: Schema.Array(AssistanceText),
  exclusions: Schema.Array(AssistanceText),
  isActive: Schema.Boolean
})
export type Assistance = typeof Assistance.Type

/** An ordered list of distinct master ids (values: the asking order). */
const idList = <I>(item: Schema.Schema<Id, I>, max: number) =>
  Schema.Array(item)
    .annotations({ message: () => NOT_AN_ID_LIST })
    .pipe(
      Schema.maxItems(max, { message: () => tooManyItems(max) }),
      Schema.filter((ids) => isUnique(ids) || REPEATED_IDS)
    )

const MAX_TEXTS = 50

/** A benefit or exclusion as typed: trimmed, not empty, short. */
const ItemText = Schema.compose(Schema.String.annotations({ message: () => "Debe ser un texto" }), Schema.Trim).pipe(
  Schema.filter(isStorable, { message: () => NOT_ALLOWED_CHARACTERS }),
  Schema.minLength(1, { message: () => "No puede haber elementos vacíos" }),
  Schema.maxLength(300, { message: () => tooManyCharacters(300) })
)

/** An ordered list of distinct texts (a repeated one, ignoring case, would be the same benefit twice). */
const textList = <I>(item: Schema.Schema<string, I>) =>
  Schema.Array(item)
    .annotations({ message: () => "Debe ser una lista de textos" })
    .pipe(
      Schema.maxItems(MAX_TEXTS, { message: () => tooManyItems(MAX_TEXTS) }),
      Schema.filter((texts) => isUnique(texts, (t) => t.toLocaleLowerCase("es")) || "Hay textos repetidos")
    )

/**
 * An assistance as Palma's clients write it: the family by `family_id`, the lists as ids and texts.
 * A list or description left out keeps what is stored (nothing, for a new assistance); a list sent
 * replaces it, in the order sent.
 */
const inputFields = {
  family_id: Id,
  name: Name(120),
  description: Schema.optional(OptionalText(1000)),
  values: Schema.optional(idList(Id, 100)),
  specialties: Schema.optional(idList(Id, 200)),
  documents: Schema.optional(idList(Id, 200)),
  benefits: Schema.optional(textList(ItemText)),
  exclusions: Schema.optional(textList(ItemText))
}
export const AssistanceInput = Payload(inputFields)
export type AssistanceInput = typeof AssistanceInput.Type

// ---- The wire: Palma's spelling and the original client's, read into AssistanceInput ----

/** An optional id where the original client sends "" (or null) for "none yet". */
const optionalId = Schema.optionalToOptional(Schema.NullOr(Schema.String).annotations({ message: () => ({ message: INVALID_ID, override: true }) }), Id, {
  decode: Option.filter((s): s is string => s !== null && s.trim() !== ""),
  encode: (o) => o
})

/** A master by its id, or by its whole row (`{id, name, …}`), as the original client posts it. */
const MemberRef = Schema.compose(
  Schema.transform(
    Schema.Union(Schema.String, Schema.Struct({ id: Schema.String })).annotations({
      message: () => ({ message: INVALID_ID, override: true })
    }),
    Schema.String,
    { strict: true, decode: (ref) => (typeof ref === "string" ? ref : ref.id), encode: (id) => id }
  ),
  Id
)

/** A text, or the original client's `{id, description}` item. */
const TextRef = Schema.compose(
  Schema.transform(
    Schema.Union(Schema.String, Schema.Struct({ description: Schema.String })).annotations({
      message: () => ({ message: "Debe ser un texto", override: true })
    }),
    Schema.String,
    { strict: true, decode: (item) => (typeof item === "string" ? item : item.description), encode: (text) => text }
  ),
  ItemText
)

/** Every spelling a client may send, but the `id` (per endpoint). The family is `family_id` or `family: {id}`. */
const wireFields = {
  family_id: Schema.optional(Id),
  family: Schema.optionalWith(Payload({ id: optionalId }), { exact: true }),
  name: Name(120),
  description: Schema.optional(OptionalText(1000)),
  values: Schema.optional(idList(MemberRef, 100)),
  specialties: Schema.optional(idList(MemberRef, 200)),
  documents: Schema.optional(idList(MemberRef, 200)),
  benefits: Schema.optional(textList(TextRef)),
  exclusions: Schema.optional(textList(TextRef))
}

/**
 * The family as one `family_id`. Palma and the seed's updateById send `family_id`; the original
 * client's state object nests it in `family`, and when both come the nested one wins: that state
 * was loaded from getById, so its `family_id` is Palma's echo of the family before the change.
 */
const chooseFamily = <W extends { readonly family_id?: Id; readonly family?: { readonly id?: Id } }>(wire: W, ast: SchemaAST.AST) => {
  const { family, family_id, ...rest } = wire
  const chosen = family?.id ?? family_id
  return chosen === undefined
    ? ParseResult.fail(new ParseResult.Pointer("family_id", wire, new ParseResult.Type(ast, undefined, REQUIRED)))
    : ParseResult.succeed({ ...rest, family_id: chosen })
}

/**
 * `POST /assistance/create`: an upsert, as in the seed. With the `id` of an active assistance it
 * updates that one (the original client edits this way); without one (or with "") it creates.
 */
export const AssistanceUpsert = Schema.transformOrFail(
  Payload({ id: optionalId, ...wireFields }),
  Schema.typeSchema(Payload({ id: Schema.optional(Id), ...inputFields })),
  { strict: true, decode: (wire, _, ast) => chooseFamily(wire, ast), encode: ParseResult.succeed }
)
export type AssistanceUpsert = typeof AssistanceUpsert.Type

/** `PUT /assistance/updateById`: the id in the body, as in the seed (`{id, family_id, name, description}`). */
export const AssistanceUpdate = Schema.transformOrFail(Payload({ id: Id, ...wireFields }), Schema.typeSchema(Payload({ id: Id, ...inputFields })), {
  strict: true,
  decode: (wire, _, ast) => chooseFamily(wire, ast),
  encode: ParseResult.succeed
})
export type AssistanceUpdate = typeof AssistanceUpdate.Type
