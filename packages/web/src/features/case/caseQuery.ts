import { type CaseQuery, criteriaOf, refundStatuses } from "@palma/core"
import { idParam, retailParam } from "../../lib/urlIds"

const text = (params: URLSearchParams, key: string) => (params.get(key) ?? "").trim().slice(0, 100)

const oneOf = <A extends string>(choices: ReadonlyArray<A>, value: string | null): A | undefined => choices.find((c) => c === value)

/** The case list's criteria from the URL, read leniently: a hand-edited value falls back to «no filter», never to a 400. */
export const caseQueryOf = (params: URLSearchParams): CaseQuery => {
  const page = Number(params.get("page"))
  return {
    retail_id: retailParam(params) ?? "",
    stage_id: idParam(params, "stage") ?? "",
    rut: text(params, "rut"),
    name: text(params, "name"),
    status: oneOf(["open", "closed"] as const, params.get("status")) ?? "",
    refund_status: oneOf(refundStatuses, params.get("refund")) ?? "",
    mine: params.get("mine") === "1",
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
  if (query.status !== "") params.set("status", query.status)
  if (query.refund_status !== "") params.set("refund", query.refund_status)
  if (query.mine) params.set("mine", "1")
  if (query.page > 1) params.set("page", String(query.page))
  return params
}

export const isFiltered = (query: CaseQuery) => Object.keys(criteriaOf(query)).length > 0
