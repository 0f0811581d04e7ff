import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BulkLoadJob, BulkLoadRow, BulkLoadRowsQuery, Call, RowOutcome } from "@palma/core"
import { rowsPage } from "../../src/bulkLoad/BulkLoadRepo.js"
import { clientAs, demoTokens } from "../support/api.js"
import { type PlanFixture, rutOf } from "../support/catalogFixture.js"
import { pageWork } from "../support/pageWork.js"
import { type RosterCellValue, rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * The pages of a job's rows (issue 31 §1): by their number, each is read from its position
 * through an index, never by walking the rows before it. The checked file has every outcome,
 * blank rows (so a row's number is not its position) and more rows than a read batch (1 000), so
 * positions continue from one stored batch to the next.
 */
const HEADERS = ["RUT Asegurado", "Nombres", "Apellido Paterno"]
const FORMAT = HEADERS.map((header, i) => ({ field_id: ["rut", "name", "paternalLastName"][i]!, header, required: true }))
const LOADED = 400
const OUTCOMES: ReadonlyArray<RowOutcome> = ["new", "updated", "unchanged", "failed"]

let server: InProcessServer
let admin: Call
let plan: PlanFixture
let check: BulkLoadJob
/** What each data row of the checked file is expected to be, in file order: its Excel row and outcome. */
let expected: ReadonlyArray<{ readonly row: number; readonly outcome: RowOutcome }>

const upload = async (rows: ReadonlyArray<ReadonlyArray<RosterCellValue>>, dryRun: boolean): Promise<BulkLoadJob> => {
  const bytes = await rosterWorkbook(HEADERS, rows)
  const job = await admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId, dryRun }, bytes) }))
  return settled(admin, job.id)
}

/** A RUT whose check digit is not its own. */
const wrongDigit = (rut: string) => `${rut.slice(0, -1)}${rut.endsWith("1") ? "2" : "1"}`

const rowsPageOf = (id: string, urlParams: BulkLoadRowsQuery) => admin((c) => c.bulkLoad.uploadRows({ path: { id }, urlParams }))

beforeAll(async () => {
  server = await startServer()
  admin = clientAs(server.url, (await demoTokens(server.url)).admin)
  plan = await rosterPlan(admin, "Páginas de filas", 76555888, FORMAT)
  const loaded = ruts(18_300_000, LOADED)
  expect(
    await upload(
      loaded.map((rut) => [rut, "Cargada", "Antes"]),
      false
    )
  ).toMatchObject({ status: "done", succeeded: LOADED })
  // 2 400 data rows and 60 blank ones: the loaded people as they are (unchanged) or renamed
  // (updated), new people, invalid RUTs and repeated ones (failed).
  const fresh = ruts(18_400_000, 2_400)
  const file: Array<ReadonlyArray<RosterCellValue>> = []
  const outcomes: Array<{ row: number; outcome: RowOutcome }> = []
  for (let i = 0; i < 2_400; i++) {
    if (i % 40 === 39) file.push([null, null, null])
    const kind = i % 7
    const [cells, outcome]: [ReadonlyArray<RosterCellValue>, RowOutcome] =
      i < LOADED && kind < 2
        ? [[loaded[i]!, kind === 0 ? "Cargada" : "Renombrada", "Antes"], kind === 0 ? "unchanged" : "updated"]
        : kind === 3
          ? [[wrongDigit(rutOf(10_000_000 + i)), "Mal", "Dígito"], "failed"]
          : kind === 5 && i > 10
            ? [[fresh[i - 3]!, "Repetida", "Después"], "failed"]
            : [[fresh[i]!, "Nueva", "Después"], "new"]
    file.push(cells)
    // Excel's row: the header is row 1.
    outcomes.push({ row: file.length + 1, outcome })
  }
  expected = outcomes
  check = await upload(file, true)
}, 300_000)
afterAll(() => server?.stop())

/** Every page of a job's rows (all, or one outcome) up to the first empty one, by number or after the last row shown. */
const allPages = async (job: BulkLoadJob, outcome: RowOutcome | undefined, pageSize: number, byKey: boolean) => {
  const listed: Array<BulkLoadRow> = []
  const total = outcome === undefined ? job.total : job.counts[outcome]
  for (let page = 1; ; page++) {
    const after = byKey ? listed.at(-1)?.row : undefined
    const answer = await rowsPageOf(job.id, { ...(outcome === undefined ? {} : { outcome }), page, pageSize, ...(after === undefined ? {} : { after }) })
    expect(answer).toMatchObject({ total, page, pageSize })
    expect(answer.items.length).toBeLessThanOrEqual(pageSize)
    if (answer.items.length === 0) return listed
    listed.push(...answer.items)
  }
}

describe("the pages of a job's rows (retail/uploads/{id}/rows)", () => {
  it("the check counts each outcome of its rows, blank rows left out", () => {
    const count = (outcome: RowOutcome) => expected.filter((r) => r.outcome === outcome).length
    expect(check).toMatchObject({ status: "ready", total: 2_400 })
    expect(check.counts).toMatchObject({ new: count("new"), updated: count("updated"), unchanged: count("unchanged"), failed: count("failed") })
    expect(OUTCOMES.every((o) => count(o) > 50)).toBe(true)
  })

  it("list every row exactly once, in file order, all or per outcome, by page number or after the last row, with the right totals", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(undefined, ...OUTCOMES), fc.integer({ min: 60, max: 200 }), fc.boolean(), async (outcome, pageSize, byKey) => {
        const listed = await allPages(check, outcome, pageSize, byKey)
        expect(listed.map((r) => ({ row: r.row, outcome: r.outcome }))).toEqual(expected.filter((r) => outcome === undefined || r.outcome === outcome))
      }),
      { numRuns: 8 }
    )
  })

  it("a page of a loaded job says which of its rows were written", async () => {
    const [load] = (await admin((c) => c.bulkLoad.uploads({ urlParams: { productPlan_id: plan.planId, page: 2, pageSize: 1 } }))).items
    expect(load).toMatchObject({ status: "done", total: LOADED })
    const last = await rowsPageOf(load!.id, { page: 4, pageSize: 100 })
    expect(last).toMatchObject({ total: LOADED })
    expect(last.items.map((r) => [r.row, r.loaded])).toEqual(Array.from({ length: 100 }, (_, i) => [302 + i, true]))
  })

  it("reads the last page by its number through an index, as few of the database's pages as the first", async () => {
    const work = (query: BulkLoadRowsQuery) => pageWork(server, (sql) => rowsPage(sql, check.id, query))
    for (const outcome of [undefined, "new"] as const) {
      const total = outcome === undefined ? check.total : check.counts.new
      const first = await work({ outcome, page: 1, pageSize: 20 })
      const last = await work({ outcome, page: Math.ceil(total / 20), pageSize: 20 })
      expect([first.rows, last.rows]).toEqual([20, total % 20 || 20])
      // With OFFSET, the last page walked every row before it: hundreds of buffers more than the first.
      expect(last.buffers).toBeLessThanOrEqual(first.buffers + 5)
    }
  })
})
