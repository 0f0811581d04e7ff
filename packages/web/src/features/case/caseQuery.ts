import type { CaseQuery } from "@palma/core"
import { idParam, retailParam } from "../../lib/urlIds"

const text = (params: URLSearchParams, key: string) => (params.get(key) ?? "").trim().slice(0, 100)

/** The case list's criteria from the URL, read leniently: a hand-edited value falls back to «no filter», never to a 400. */
export const caseQueryOf = (params: URLSearchParams): CaseQuery => {
  const page = Number(params.get("page"))
  return {
    retail_id: retailParam(params) ?? "",
    stage_id: idParam(params, "stage") ?? "",
    rut: text(params, "rut"),
    name: text(params, "name"),
    page: Number.isInteger(page) && page > 0 && page < 1_000_000 ? page : 1
  }
}

/** The URL of criteria: only what filters, so the plain list has a plain URL. */
export const caseQueryParams = (query: CaseQuery): URLSearchParams => {
  const params = new URLSearchParams()
  if (query.retail_id !== "") params.set("retail", query.retail_id)
  if (query.stage_id !== "") params.set("stage", query.stage_id)
  if (query.rut.trim() !== "") params.set("rut", query.rut.trim())
  if (query.name.trim() !== "") params.set("name", query.name.trim())
  if (query.page > 1) params.set("page", String(query.page))
  return params
}

export const isFiltered = (query: CaseQuery) => query.retail_id !== "" || query.stage_id !== "" || query.rut !== "" || query.name !== ""
