import type { Call } from "../client/caller.js"
import type { CaseLookup, CaseRow } from "../domain/caseView.js"
import { searchActor } from "./search.js"

/** The case list's criteria as its screen keeps them ("" does not filter), and the page shown. */
export interface CaseQuery {
  readonly retail_id: string
  readonly stage_id: string
  readonly rut: string
  readonly name: string
  readonly page: number
}

/** What the case list's filters offer: the channels (`getOrigins`) and the stages (`getStatus`). */
export interface CaseFilterOptions {
  readonly origins: ReadonlyArray<CaseLookup>
  readonly stages: ReadonlyArray<CaseLookup>
}

const given = (value: string) => (value.trim() === "" ? undefined : value.trim())

/** `case/getAll`, a page at a time, newest first; `total` counts cases (the seed's `pagination.total` counts pages). */
export const caseSearchActors = (call: Call, pageSize: number) => ({
  find: searchActor<CaseQuery, CaseRow>(async (query) => {
    const urlParams = {
      retail_id: given(query.retail_id),
      stage_id: given(query.stage_id),
      applicant_rut: given(query.rut),
      applicant_name: given(query.name),
      records: pageSize,
      page: query.page
    }
    const page = await call((c) => c.case.getAll({ urlParams }))
    return { items: page.data, total: page.summary.cases }
  })
})

/** The filters' options, both lists in one load (a shared lookup: see lookupCache). */
export const loadCaseFilters = async (call: Call): Promise<CaseFilterOptions> => {
  const [origins, stages] = await Promise.all([call((c) => c.case.getOrigins()), call((c) => c.case.getStatus())])
  return { origins, stages }
}
