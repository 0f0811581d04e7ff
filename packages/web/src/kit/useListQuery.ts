import { useCallback, useMemo } from "react"
import { useSearchParams } from "react-router"
import { type ListQuery, listQueryParams, parseListQuery, type QuerySpec } from "./query"

const ownKeys = ["search", "family", "sort", "order", "page", "pageSize"]

/** The list's filters, kept in the URL so a reload, a link or Back shows the same page. */
export const useListQuery = (spec: QuerySpec) => {
  const [params, setParams] = useSearchParams()
  const query = useMemo(() => parseListQuery(params, spec), [params, spec])
  const update = useCallback(
    (patch: Partial<ListQuery>, options?: { readonly replace?: boolean }) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          for (const key of [...ownKeys, ...spec.filters]) next.delete(key)
          for (const [key, value] of listQueryParams({ ...parseListQuery(current, spec), ...patch }, spec)) next.set(key, value)
          return next
        },
        { replace: options?.replace ?? false }
      ),
    [setParams, spec]
  )
  return { query, update }
}
