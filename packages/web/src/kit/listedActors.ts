import type { ListResult, ResourceQuery } from "@palma/core"
import { fromPromise } from "xstate"
import type { ResourceActors } from "./types"

/**
 * A contract group that lists everything at once (`getAll`) instead of by page: the rows are
 * searched, filtered, sorted and cut into pages here, with the same query the paged masters send
 * to the server, so the list, its URL and the machine behave the same.
 */
export interface ListedApi<A, I> {
  readonly all: () => Promise<ReadonlyArray<A>>
  readonly create: (input: I) => Promise<A>
  readonly update: (id: string, input: I) => Promise<A>
  readonly remove: (id: string) => Promise<A>
}

export interface LocalFilter<A> {
  /** The texts a search looks in. */
  readonly searchIn: (item: A) => ReadonlyArray<string>
  /** The item's family, for the family filter. */
  readonly familyOf?: (item: A) => string
}

const fold = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

const collator = new Intl.Collator("es", { sensitivity: "base", numeric: true })

/** Orders by a field: texts as Spanish sorts them, numbers by value, lists by their length. */
const compareBy =
  <A>(key: string) =>
  (a: A, b: A) => {
    const x = (a as Record<string, unknown>)[key]
    const y = (b as Record<string, unknown>)[key]
    if (Array.isArray(x) && Array.isArray(y)) return x.length - y.length
    if (typeof x === "number" && typeof y === "number") return x - y
    return collator.compare(String(x ?? ""), String(y ?? ""))
  }

/** One page of `items` for `query`; ties keep a stable order by id. */
export const pageOf = <A extends { readonly id: string }>(items: ReadonlyArray<A>, query: ResourceQuery, filter: LocalFilter<A>): ListResult<A> => {
  const term = fold(query.search?.trim() ?? "")
  const family = query.family_id
  const compare = query.sort === undefined ? () => 0 : compareBy<A>(query.sort)
  const sign = query.order === "desc" ? -1 : 1
  const found = items
    .filter((item) => family === undefined || filter.familyOf === undefined || filter.familyOf(item) === family)
    .filter((item) => term === "" || filter.searchIn(item).some((text) => fold(text).includes(term)))
    .sort((a, b) => sign * compare(a, b) || a.id.localeCompare(b.id))
  const pageSize = query.pageSize ?? 20
  const page = query.page ?? 1
  return { items: found.slice((page - 1) * pageSize, page * pageSize), total: found.length }
}

/** The resource machine's actors over a group listed whole. */
export const listedActors = <A extends { readonly id: string }, I>(api: ListedApi<A, I>, filter: LocalFilter<A>): ResourceActors<A> => ({
  list: fromPromise<ListResult<A>, ResourceQuery>(({ input }) => api.all().then((items) => pageOf(items, input, filter))),
  // The form decoded the input with the contract's schema before the machine got it.
  create: fromPromise<A, unknown>(({ input }) => api.create(input as I)),
  update: fromPromise<A, { id: string; input: unknown }>(({ input }) => api.update(input.id, input.input as I)),
  remove: fromPromise<A, string>(({ input }) => api.remove(input))
})
