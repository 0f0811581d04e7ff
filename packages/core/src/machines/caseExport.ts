import { assign, emit, fromPromise, setup } from "xstate"
import type { Call } from "../client/caller.js"
import { type CaseDates, type CaseExportQuery, type DateFilter, NOTHING_TO_EXPORT, type RetailFilter } from "../domain/caseExport.js"
import type { CaseRow } from "../domain/caseView.js"
import { type Failure, failureOf } from "../client/machineFailure.js"
import { searchActor } from "./search.js"
import { unprovided } from "./unprovided.js"

/** The export screen's filters as it keeps them, and the preview's page. */
export interface CaseExportCriteria {
  readonly retail_id: RetailFilter
  readonly case_date: DateFilter
  readonly event_date: DateFilter
  readonly page: number
}

const queryOf = ({ retail_id, case_date, event_date }: CaseExportCriteria): CaseExportQuery => ({ retail_id, case_date, event_date })

/** The preview (`getAllExports`), a page at a time; `total` is the case count (so is the seed's `pagination.total` here). */
export const caseExportActors = (call: Call, pageSize: number) => ({
  find: searchActor<CaseExportCriteria, CaseRow>(async (criteria) => {
    const page = await call((c) => c.caseExport.getAllExports({ urlParams: { ...queryOf(criteria), records: pageSize, page: criteria.page } }))
    return { items: page.data, total: page.summary.cases }
  })
})

/** The months that have cases, for the date filters (a shared lookup: see lookupCache). */
export const loadCaseDates = (call: Call): Promise<CaseDates> => call((c) => c.caseExport.getAllCaseDates())

export type CaseDownloadEvent = { type: "DOWNLOAD"; criteria: CaseExportCriteria } | { type: "DISMISS" }
export type CaseDownloadEmitted = { type: "downloaded"; bytes: Uint8Array; cases: number } | { type: "rejected"; failure: Failure }

/**
 * Downloading casos.xlsx: the count first (nothing to save when no case matches, spec §5), then
 * the workbook. The host saves the bytes it is handed with `downloaded`; a failure stays in
 * context until dismissed or the next download. Hosts provide `count` and `download`.
 */
export const caseDownloadMachine = setup({
  types: {
    context: {} as { readonly failure: Failure | null; readonly query: CaseExportQuery; readonly cases: number },
    events: {} as CaseDownloadEvent,
    emitted: {} as CaseDownloadEmitted
  },
  actors: {
    count: unprovided<number, CaseExportQuery>("count"),
    download: unprovided<Uint8Array, CaseExportQuery>("download")
  }
}).createMachine({
  id: "caseDownload",
  context: { failure: null, query: { retail_id: "Todos", case_date: "Todos", event_date: "Todos" }, cases: 0 },
  initial: "idle",
  on: { DISMISS: { actions: assign({ failure: null }) } },
  states: {
    idle: {
      on: { DOWNLOAD: { target: "counting", actions: assign({ query: ({ event }) => queryOf(event.criteria), failure: null }) } }
    },
    counting: {
      invoke: {
        src: "count",
        input: ({ context }) => context.query,
        onDone: [
          {
            guard: ({ event }) => event.output === 0,
            target: "idle",
            actions: assign({ failure: { status: 404, message: NOTHING_TO_EXPORT, issues: [] } })
          },
          { target: "downloading", actions: assign({ cases: ({ event }) => event.output }) }
        ],
        onError: {
          target: "idle",
          actions: [
            assign({ failure: ({ event }) => failureOf(event.error) }),
            emit(({ event }) => ({ type: "rejected" as const, failure: failureOf(event.error) }))
          ]
        }
      }
    },
    downloading: {
      invoke: {
        src: "download",
        input: ({ context }) => context.query,
        onDone: { target: "idle", actions: emit(({ context, event }) => ({ type: "downloaded" as const, bytes: event.output, cases: context.cases })) },
        onError: {
          target: "idle",
          actions: [
            assign({ failure: ({ event }) => failureOf(event.error) }),
            emit(({ event }) => ({ type: "rejected" as const, failure: failureOf(event.error) }))
          ]
        }
      }
    }
  }
})

/** The download's calls over the contract. */
export const caseDownloadActors = (call: Call) => ({
  count: fromPromise<number, CaseExportQuery>(async ({ input }) => {
    const page = await call((c) => c.caseExport.getAllExports({ urlParams: { ...input, records: 1 } }))
    return page.summary.cases
  }),
  download: fromPromise<Uint8Array, CaseExportQuery>(({ input }) => call((c) => c.caseExport.exportCases({ urlParams: input })))
})
