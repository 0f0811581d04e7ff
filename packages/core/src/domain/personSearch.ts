import { Schema } from "effect"
import { DottedRut } from "../rut/Rut.js"
import { OptionalText } from "./fields.js"
import { INVALID_RECORD_COUNT, INVALID_PAGE } from "./messages.js"

const Count = (message: string) =>
  Schema.NumberFromString.annotations({ message: () => message }).pipe(
    Schema.int({ message: () => message }),
    Schema.between(1, 1_000_000, { message: () => message })
  )

/**
 * The query of `customer/getByRutOrName` and `insured/getByRutOrName`. `rut` matches from the
 * start of the RUT (dots and dash ignored), `name` anywhere in the full name (accents and case
 * ignored); `records` per page (all when missing), `page` from 1.
 */
export const PersonSearchQuery = Schema.Struct({
  rut: Schema.optional(OptionalText(20)),
  name: Schema.optional(OptionalText(120)),
  records: Schema.optional(Count(INVALID_RECORD_COUNT)),
  page: Schema.optional(Count(INVALID_PAGE))
})
export type PersonSearchQuery = typeof PersonSearchQuery.Type

/** `total` is the number of pages (as the original's); `records` the page size used. */
export const SearchPagination = Schema.Struct({ total: Schema.Number, page: Schema.Number, records: Schema.Number })

/** A person found, with how many subscriptions in force they have. */
export const PersonFound = Schema.Struct({ id: Schema.String, rut: DottedRut, name: Schema.String, products: Schema.Number })
export type PersonFound = typeof PersonFound.Type

export const CustomerSearchPage = Schema.Struct({
  summary: Schema.Struct({ customer: Schema.Number, products: Schema.Number }),
  pagination: SearchPagination,
  data: Schema.Array(PersonFound)
})
export type CustomerSearchPage = typeof CustomerSearchPage.Type

export const InsuredSearchPage = Schema.Struct({
  summary: Schema.Struct({ insured: Schema.Number, products: Schema.Number }),
  pagination: SearchPagination,
  data: Schema.Array(PersonFound)
})
export type InsuredSearchPage = typeof InsuredSearchPage.Type
