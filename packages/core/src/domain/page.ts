import { Schema } from "effect"
import { Typeable } from "./fields.js"
import { SEARCH_TOO_LONG, INVALID_PAGE_SIZE, INVALID_PAGE } from "./messages.js"

export const PageNumber = (min: number, max: number, message: string) =>
  Schema.NumberFromString.annotations({ message: () => message }).pipe(
    Schema.int({ message: () => message }),
    Schema.between(min, max, { message: () => message })
  )

/** Query of a paginated, sortable, searchable list; everything optional with sane defaults. */
export const PageQuery = Schema.Struct({
  search: Schema.optional(Typeable.pipe(Schema.maxLength(100, { message: () => SEARCH_TOO_LONG }))),
  family_id: Schema.optional(Schema.UUID.annotations({ message: () => "Familia inválida" })),
  sort: Schema.optional(Schema.String.pipe(Schema.pattern(/^[A-Za-z_]{1,40}$/, { message: () => "Orden inválido" }))),
  order: Schema.optional(Schema.Literal("asc", "desc")),
  page: Schema.optional(PageNumber(1, Number.MAX_SAFE_INTEGER, INVALID_PAGE)),
  pageSize: Schema.optional(PageNumber(1, 200, INVALID_PAGE_SIZE))
})
export type PageQuery = typeof PageQuery.Type

export const Page = <A, I, R>(item: Schema.Schema<A, I, R>) =>
  Schema.Struct({
    items: Schema.Array(item),
    total: Schema.Number,
    page: Schema.Number,
    pageSize: Schema.Number
  })
export interface Page<A> {
  readonly items: ReadonlyArray<A>
  readonly total: number
  readonly page: number
  readonly pageSize: number
}
