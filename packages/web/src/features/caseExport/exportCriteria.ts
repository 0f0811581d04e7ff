import { type CaseExportCriteria, type DateFilter, toDateFilter } from "@palma/core"
import { retailParam } from "../../lib/urlIds"

/** A date filter from the URL; anything unreadable is "Todos" (a hand-edited URL never yields a 400). */
const dateOf = (value: string | null): DateFilter => (value === null ? "Todos" : (toDateFilter(value) ?? "Todos"))

/** The export's criteria from the URL (`retail`, `created`, `event`, `page`), read leniently. */
export const exportCriteriaOf = (params: URLSearchParams): CaseExportCriteria => {
  const page = Number(params.get("page"))
  return {
    retail_id: retailParam(params) ?? "Todos",
    case_date: dateOf(params.get("created")),
    event_date: dateOf(params.get("event")),
    page: Number.isInteger(page) && page > 0 && page < 1_000_000 ? page : 1
  }
}

/** The URL of criteria: only what filters, so the plain export has a plain URL. */
export const exportCriteriaParams = (criteria: CaseExportCriteria): URLSearchParams => {
  const params = new URLSearchParams()
  if (criteria.retail_id !== "Todos") params.set("retail", criteria.retail_id)
  if (criteria.case_date !== "Todos") params.set("created", criteria.case_date)
  if (criteria.event_date !== "Todos") params.set("event", criteria.event_date)
  if (criteria.page > 1) params.set("page", String(criteria.page))
  return params
}
