import type { DashboardQuery } from "@palma/core"

const isoDate = /^\d{4}-\d{2}-\d{2}$/
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The dashboard's filters from the URL (`from`, `to`, `channel`), read leniently. */
export const dashboardQueryOf = (params: URLSearchParams): DashboardQuery => {
  const from = params.get("from") ?? ""
  const to = params.get("to") ?? ""
  const channel = params.get("channel") ?? ""
  return {
    ...(isoDate.test(from) ? { from } : {}),
    ...(isoDate.test(to) ? { to } : {}),
    ...(uuid.test(channel) ? { retail_id: channel.toLowerCase() } : {})
  }
}

export const dashboardQueryParams = (query: DashboardQuery): URLSearchParams => {
  const params = new URLSearchParams()
  if (query.from !== undefined) params.set("from", query.from)
  if (query.to !== undefined) params.set("to", query.to)
  if (query.retail_id !== undefined) params.set("channel", query.retail_id)
  return params
}
