import fc from "fast-check"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { BulkLoadJob, Call, MissingInsured } from "@palma/core"
import { leftOutPage } from "../../src/bulkLoad/leftOutSql.js"
import { clientAs, demoTokens } from "../support/api.js"
import type { PlanFixture } from "../support/catalogFixture.js"
import { pageWork } from "../support/pageWork.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * The review of a small file against a plan that already covers many people (issue 31: a 10-row
 * file against 29 940 insured held the server 727 s). The plan's people are loaded by a roster as
 * a channel would, in descending RUT order, so the order of the pólizas is not the RUTs'.
 */
const PLAN_SIZE = 3_000
const HEADERS = ["RUT Asegurado", "Nombres", "Apellido Paterno"]

let server: InProcessServer
let admin: Call
let plan: PlanFixture
const people = ruts(18_200_000, PLAN_SIZE).reverse()

const upload = async (rows: ReadonlyArray<string>, dryRun: boolean, to: PlanFixture = plan): Promise<BulkLoadJob> => {
  const bytes = await rosterWorkbook(
    HEADERS,
    rows.map((rut, i) => [rut, `Persona ${i}`, "Revisión"])
  )
  const job = await admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: to.retailId, planId: to.planId, dryRun }, bytes) }))
  return settled(admin, job.id)
}

const FORMAT = [
  { field_id: "rut", header: HEADERS[0]!, required: true },
  { field_id: "name", header: HEADERS[1]!, required: true },
  { field_id: "paternalLastName", header: HEADERS[2]!, required: true }
]

const missingPage = (id: string, urlParams: { page: number; after?: number }, pageSize = 200) =>
  admin((c) => c.bulkLoad.uploadMissing({ path: { id }, urlParams: { ...urlParams, pageSize } }))

let load: BulkLoadJob
let review: BulkLoadJob

beforeAll(async () => {
  server = await startServer()
  admin = clientAs(server.url, (await demoTokens(server.url)).admin)
  plan = await rosterPlan(admin, "Revisión", 76555777, FORMAT)
  load = await upload(people, false)
  expect(load).toMatchObject({ status: "done", succeeded: PLAN_SIZE })
  review = await upload([people[10]!, people[1_500]!, people[2_999]!], true)
}, 180_000)
afterAll(() => server?.stop())

describe("the plan's insured a small file leaves out (retail/uploads/{id}/missing)", () => {
  it("are counted by the check and listed a page at a time in póliza order, each once", async () => {
    expect(review).toMatchObject({ status: "ready", total: 3 })
    expect(review.counts.missing).toBe(PLAN_SIZE - 3)

    // As the screen pages: each page after the last póliza of the one before.
    const listed: Array<MissingInsured> = []
    for (let page = 1; ; page++) {
      const after = listed.at(-1)?.subscription_id
      const answer = await missingPage(review.id, after === undefined ? { page } : { page, after })
      expect(answer).toMatchObject({ total: PLAN_SIZE - 3, page, pageSize: 200 })
      if (answer.items.length === 0) break
      listed.push(...answer.items)
    }
    expect(listed).toHaveLength(PLAN_SIZE - 3)
    const polizas = listed.map((m) => m.subscription_id)
    expect(polizas).toEqual([...polizas].sort((a, b) => a - b))
    // Loaded in descending RUT order: póliza order lists the RUTs from the highest.
    const expected = people.filter((_, i) => i !== 10 && i !== 1_500 && i !== 2_999)
    expect(listed.map((m) => m.rut)).toEqual(expected)
    expect(listed.every((m, i) => m.name === `Persona ${people.indexOf(expected[i]!)} Revisión`)).toBe(true)
    // A page by its number alone (from the start) is the same page.
    expect((await missingPage(review.id, { page: 3 })).items).toEqual(listed.slice(400, 600))
  })

  it("reads any page by index: a bounded part of the database, not the whole plan once per subscription", async () => {
    // What the database does for a page of 20 (EXPLAIN ANALYZE's buffers: pages of tables and
    // indexes it touched). 0027's query, for each of the plan's 3 000 subscriptions, walked the
    // insured in RUT order to find its titular and read the file again: 9.2 million buffers here
    // on PGlite (35 s) for the first page. Counted from the start, page 100 walks 2 000
    // subscriptions first (about 20 000 buffers); after the póliza of the page before, no more than page 1.
    // Page 150 by its number alone walked 2 980 subscriptions through the anti-join before the
    // review's list was numbered once by the job (0036): now it starts at its position.
    const first = await pageWork(server, (sql) => leftOutPage(sql, review.id, { limit: 20, offset: 0 }))
    const [deep] = (await missingPage(review.id, { page: 2_000 }, 1)).items
    const after = await pageWork(server, (sql) => leftOutPage(sql, review.id, { after: deep!.subscription_id, limit: 20, offset: 0 }))
    const last = await pageWork(server, (sql) => leftOutPage(sql, review.id, { limit: 20, offset: 2_980 }))
    expect([first.rows, after.rows, last.rows]).toEqual([20, 20, 17])
    expect(first.buffers).toBeLessThan(1_000)
    expect(after.buffers).toBeLessThan(1_000)
    expect(last.buffers).toBeLessThan(1_000)
  })

  it("a job's rows page the same way, after the number of the last row shown", async () => {
    const rows = (urlParams: { page: number; after?: number }) =>
      admin((c) => c.bulkLoad.uploadRows({ path: { id: load.id }, urlParams: { ...urlParams, pageSize: 100 } }))
    const byNumber = await rows({ page: 12 })
    const byKey = await rows({ page: 12, after: (await rows({ page: 11 })).items.at(-1)!.row })
    expect(byKey).toEqual(byNumber)
    expect(byKey).toMatchObject({ total: PLAN_SIZE, page: 12 })
    expect(byKey.items.map((r) => r.row)).toEqual(Array.from({ length: 100 }, (_, i) => 1_102 + i))
  })

  it("any file against a plan of a few hundred: its pages, by number or after the last póliza, list each left-out once, as many as counted", async () => {
    /** Every page of a check's list, as its total says, up to the first empty one. */
    const allPages = async (check: BulkLoadJob, pageSize: number, byKey: boolean) => {
      const listed: Array<MissingInsured> = []
      for (let page = 1; ; page++) {
        const after = byKey ? listed.at(-1)?.subscription_id : undefined
        const answer = await missingPage(check.id, after === undefined ? { page } : { page, after }, pageSize)
        expect(answer).toMatchObject({ total: check.counts.missing, page, pageSize })
        expect(answer.items.length).toBeLessThanOrEqual(pageSize)
        if (answer.items.length === 0) return listed
        listed.push(...answer.items)
      }
    }
    const small = await rosterPlan(admin, "Páginas", 76555778, FORMAT)
    expect(await upload(ruts(18_600_000, 300), false, small)).toMatchObject({ status: "done", succeeded: 300 })
    // A file of nobody on the plan leaves all of them out, in póliza order.
    const byPoliza = await allPages(await upload(ruts(18_900_000, 1), true, small), 200, true)
    expect(byPoliza).toHaveLength(300)
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 0, max: 299 }), { maxLength: 40 }),
        fc.integer({ min: 7, max: 120 }),
        fc.boolean(),
        async (kept, pageSize, byKey) => {
          // The file names some of the plan's people (and some it does not cover).
          const check = await upload([...kept.map((i) => byPoliza[i]!.rut), ...ruts(18_900_000, kept.length % 3)], true, small)
          const expected = byPoliza.filter((_, i) => !kept.includes(i))
          expect(check).toMatchObject({ status: "ready", counts: { missing: expected.length } })
          expect(await allPages(check, pageSize, byKey)).toEqual(expected)
        }
      ),
      { numRuns: 6 }
    )
  })
})
