import type { ResourceQuery } from "@palma/core"

/** A list's filters as the URL keeps them: `?search=&family=&sort=&order=&page=&pageSize=`. */
export interface ListQuery {
  readonly search: string
  readonly family: string | null
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
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const positiveInt = (s: string | null) => (s !== null && /^[1-9]\d{0,5}$/.test(s) ? Number(s) : null)

/** Reads the URL leniently: a hand-edited or stale value falls back to the default, never to a 400. */
export const parseListQuery = (params: URLSearchParams, spec: QuerySpec): ListQuery => {
  const sort = params.get("sort")
  const order = params.get("order")
  const family = params.get("family")
  const pageSize = positiveInt(params.get("pageSize"))
  return {
    search: (params.get("search") ?? "").slice(0, 100),
    family: spec.familyFilter && family !== null && uuid.test(family) ? family : null,
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
  sort: query.sort,
  order: query.order,
  page: query.page,
  pageSize: query.pageSize
})

const keyOf = (q: ResourceQuery) => JSON.stringify([q.search ?? "", q.family_id ?? "", q.sort ?? "", q.order ?? "", q.page ?? 1, q.pageSize ?? defaultPageSize])

export const sameQuery = (a: ResourceQuery, b: ResourceQuery) => keyOf(a) === keyOf(b)

export const isFiltered = (query: ListQuery) => query.search.trim() !== "" || query.family !== null
