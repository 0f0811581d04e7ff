import type { ResourceQuery } from "@palma/core"
import { idParam } from "../lib/urlIds"

/** A list's filters as the URL keeps them: `?search=&family=&sort=&order=&page=&pageSize=` and the list's own. */
export interface ListQuery {
  readonly search: string
  readonly family: string | null
  /** The list's own filters (ResourceConfig `filters`), by key; a key absent is not filtered. */
  readonly filters: Readonly<Record<string, string>>
  readonly sort: string
  readonly order: "asc" | "desc"
  readonly page: number
  readonly pageSize: number
}

export const pageSizes = [10, 20, 50, 100] as const
export const defaultPageSize = 20

export interface QuerySpec {
  /** Fields the server sorts by; the first is its default. */
  readonly sortable: ReadonlyArray<string>
  readonly defaultSort: string
  readonly familyFilter: boolean
  /** The keys of the list's own filters (URL and server parameter names). */
  readonly filters: ReadonlyArray<string>
}

const positiveInt = (s: string | null) => (s !== null && /^[1-9]\d{0,5}$/.test(s) ? Number(s) : null)

/** Reads the URL leniently: a hand-edited or stale value falls back to the default, never to a 400. */
export const parseListQuery = (params: URLSearchParams, spec: QuerySpec): ListQuery => {
  const sort = params.get("sort")
  const order = params.get("order")
  const pageSize = positiveInt(params.get("pageSize"))
  const filters: Record<string, string> = {}
  for (const key of spec.filters) {
    const value = params.get(key)?.trim().slice(0, 100) ?? ""
    if (value !== "") filters[key] = value
  }
  return {
    filters,
    search: (params.get("search") ?? "").slice(0, 100),
    family: spec.familyFilter ? (idParam(params, "family") ?? null) : null,
    sort: sort !== null && spec.sortable.includes(sort) ? sort : spec.defaultSort,
    order: order === "desc" ? "desc" : "asc",
    page: positiveInt(params.get("page")) ?? 1,
    pageSize: pageSize !== null && (pageSizes as ReadonlyArray<number>).includes(pageSize) ? pageSize : defaultPageSize
  }
}

/** Writes only what differs from the defaults, so a plain list has a plain URL. */
export const listQueryParams = (query: ListQuery, spec: QuerySpec): URLSearchParams => {
  const params = new URLSearchParams()
  const search = query.search.trim()
  if (search !== "") params.set("search", search)
  if (query.family !== null) params.set("family", query.family)
  for (const key of spec.filters) {
    const value = query.filters[key]?.trim() ?? ""
    if (value !== "") params.set(key, value)
  }
  if (query.sort !== spec.defaultSort || query.order !== "asc") {
    params.set("sort", query.sort)
    params.set("order", query.order)
  }
  if (query.page > 1) params.set("page", String(query.page))
  if (query.pageSize !== defaultPageSize) params.set("pageSize", String(query.pageSize))
  return params
}

/** The machine's query (the server's `page` URL params). */
export const resourceQueryOf = (query: ListQuery): ResourceQuery => ({
  ...(query.search.trim() !== "" ? { search: query.search.trim() } : {}),
  ...(query.family !== null ? { family_id: query.family } : {}),
  ...(Object.keys(query.filters).length > 0 ? { filters: query.filters } : {}),
  sort: query.sort,
  order: query.order,
  page: query.page,
  pageSize: query.pageSize
})

const filtersKey = (filters: Readonly<Record<string, string>> = {}) =>
  Object.keys(filters)
    .sort()
    .map((key) => [key, filters[key]])

const keyOf = (q: ResourceQuery) =>
  JSON.stringify([q.search ?? "", q.family_id ?? "", q.sort ?? "", q.order ?? "", q.page ?? 1, q.pageSize ?? defaultPageSize, filtersKey(q.filters)])

export const sameQuery = (a: ResourceQuery, b: ResourceQuery) => keyOf(a) === keyOf(b)

export const isFiltered = (query: ListQuery) => query.search.trim() !== "" || query.family !== null || Object.keys(query.filters).length > 0
