import { Schema } from "effect"

/** A comuna (SUBDERE CUT code as id) with its region, for pickers and addresses. */
export const District = Schema.Struct({
  id: Schema.String,
  district_name: Schema.String,
  province_name: Schema.String,
  region_id: Schema.String,
  region_name: Schema.String,
  region_roman: Schema.String
})
export type District = typeof District.Type

export const Region = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  romanNumeral: Schema.String
})
export type Region = typeof Region.Type
