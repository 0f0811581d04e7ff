import type { Call } from "./caller.js"
import type { CaseCriteria, CaseLookup, CaseRow } from "../domain/caseView.js"
import type { RefundStatus } from "../domain/refund.js"
import { searchActor } from "../machines/search.js"

/** The case list's criteria as its screen keeps them ("" does not filter), and the page shown. */
export interface CaseQuery {
  readonly retail_id: string
  readonly stage_id: string
  readonly rut: string
  readonly name: string
  /** "open", "closed", or "" for both. */
  readonly status: "" | "open" | "closed"
  readonly refund_status: "" | RefundStatus
  /** Only the cases the signed-in user opened. */
  readonly mine: boolean
  readonly page: number
}

const given = (value: string) => (value.trim() === "" ? undefined : value.trim())
// A computed key widens to `string`: the cast names the one key it is.
const text = <K extends string>(key: K, value: string) => (given(value) === undefined ? {} : ({ [key]: value.trim() } as Record<K, string>))

/** The list's criteria as the API spells them (a saved view keeps these): only what filters. */
export const criteriaOf = (query: CaseQuery): CaseCriteria => ({
  ...text("retail_id", query.retail_id),
  ...text("stage_id", query.stage_id),
  ...text("applicant_rut", query.rut),
  ...text("applicant_name", query.name),
  ...(query.status === "" ? {} : { status: query.status }),
  ...(query.refund_status === "" ? {} : { refund_status: query.refund_status }),
  ...(query.mine ? { mine: "true" as const } : {})
})

/** Whether two criteria filter the same way (the order of their keys aside). */
export const sameCriteria = (a: CaseCriteria, b: CaseCriteria) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as ReadonlyArray<keyof CaseCriteria>)
  return [...keys].every((k) => a[k] === b[k])
}

/** The list showing `criteria` (a saved or built-in view), from its first page. */
export const queryOfCriteria = (criteria: CaseCriteria): CaseQuery => ({
  retail_id: criteria.retail_id ?? "",
  stage_id: criteria.stage_id ?? "",
  rut: criteria.applicant_rut ?? "",
  name: criteria.applicant_name ?? "",
  status: criteria.status ?? "",
  refund_status: criteria.refund_status ?? "",
  mine: criteria.mine === "true",
  page: 1
})

/** What the case list's filters offer: the channels (`getOrigins`) and the stages (`getStatus`). */
export interface CaseFilterOptions {
  readonly origins: ReadonlyArray<CaseLookup>
  readonly stages: ReadonlyArray<CaseLookup>
}

/** `case/getAll`, a page at a time, newest first; `total` counts cases (the seed's `pagination.total` counts pages). */
export const caseSearchActors = (call: Call, pageSize: number) => ({
  find: searchActor<CaseQuery, CaseRow>(async (query) => {
    const urlParams = { ...criteriaOf(query), records: pageSize, page: query.page }
    const page = await call((c) => c.case.getAll({ urlParams }))
    return { items: page.data, total: page.summary.cases }
  })
})

/** The filters' options, both lists in one load (a shared lookup: see lookupCache). */
export const loadCaseFilters = async (call: Call): Promise<CaseFilterOptions> => {
  const [origins, stages] = await Promise.all([call((c) => c.case.getOrigins()), call((c) => c.case.getStatus())])
  return { origins, stages }
}
