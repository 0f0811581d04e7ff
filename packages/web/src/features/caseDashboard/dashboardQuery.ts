import type { DashboardQuery } from "@palma/core"
import { retailParam } from "../../lib/urlIds"

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/** The dashboard's filters from the URL (`from`, `to`, `retail`), read leniently. */
export const dashboardQueryOf = (params: URLSearchParams): DashboardQuery => {
  const from = params.get("from") ?? ""
  const to = params.get("to") ?? ""
  const retail = retailParam(params)
  return {
    ...(isoDate.test(from) ? { from } : {}),
    ...(isoDate.test(to) ? { to } : {}),
    ...(retail !== undefined ? { retail_id: retail } : {})
  }
}

export const dashboardQueryParams = (query: DashboardQuery): URLSearchParams => {
  const params = new URLSearchParams()
  if (query.from !== undefined) params.set("from", query.from)
  if (query.to !== undefined) params.set("to", query.to)
  if (query.retail_id !== undefined) params.set("retail", query.retail_id)
  return params
}
