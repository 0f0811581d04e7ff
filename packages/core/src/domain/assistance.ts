import { Schema } from "effect"
import { IdList, TextList } from "./common.js"
import { Id, OptionalText, Payload, Text } from "./fields.js"

/** A value asked when a case of this assistance is opened, at its position (1-based). */
export const AssistanceValue = Schema.Struct({ value_id: Id, position: Schema.Number })
export type AssistanceValue = typeof AssistanceValue.Type

/** A covered service: what to ask, who can do it, what to require, what it includes and excludes. */
export const Assistance = Schema.Struct({
  id: Id,
  family_id: Id,
  family_name: Schema.String,
  name: Schema.String,
  description: Schema.String,
  values: Schema.Array(AssistanceValue),
  specialties: Schema.Array(Id),
  documents: Schema.Array(Id),
  benefits: Schema.Array(Schema.String),
  exclusions: Schema.Array(Schema.String),
  isActive: Schema.Boolean
})
export type Assistance = typeof Assistance.Type

/** Lists are ordered: `values` in the order they are asked, benefits and exclusions as shown. */
export const AssistanceInput = Payload({
  family_id: Id,
  name: Text(120),
  description: Schema.optionalWith(OptionalText(1000), { default: () => "" }),
  values: Schema.optionalWith(IdList(100), { default: () => [] }),
  specialties: Schema.optionalWith(IdList(), { default: () => [] }),
  documents: Schema.optionalWith(IdList(), { default: () => [] }),
  benefits: Schema.optionalWith(TextList(50, 300), { default: () => [] }),
  exclusions: Schema.optionalWith(TextList(50, 300), { default: () => [] })
})
export type AssistanceInput = typeof AssistanceInput.Type

/** The stored positions of an input's ordered value ids. */
export const valuePositions = (ids: ReadonlyArray<Id>): ReadonlyArray<AssistanceValue> =>
  ids.map((value_id, i) => ({ value_id, position: i + 1 }))
