import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Call } from "@palma/core"
import { clientAs, demoTokens } from "../support/api.js"
import type { PlanFixture } from "../support/catalogFixture.js"
import { rosterForm, rosterPlan, rosterWorkbook, ruts, settled } from "../support/roster.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * A roster batch writes the people's policy ends itself, with the 0028 triggers standing aside
 * (0032): whatever it loads — new people, people already covered by other plans, a subscription
 * whose end moves while it has a titular the file does not name — every person's stored ends stay
 * the ones derived from their policies.
 */

let server: InProcessServer
let admin: Call
let plan: PlanFixture

const HEADERS = ["RUT", "Nombres", "Apellido Paterno", "Inicio Vigencia", "Fin Vigencia"]

beforeAll(async () => {
  server = await startServer()
  admin = clientAs(server.url, (await demoTokens(server.url)).admin)
  plan = await rosterPlan(admin, "Vigencias", 76555222, [
    { field_id: "rut", header: "RUT", required: true },
    { field_id: "name", header: "Nombres", required: true },
    { field_id: "paternalLastName", header: "Apellido Paterno", required: true },
    { field_id: "initialDate", header: "Inicio Vigencia", required: false },
    { field_id: "endDate", header: "Fin Vigencia", required: false }
  ])
})
afterAll(() => server?.stop())

const load = async (rows: ReadonlyArray<ReadonlyArray<string | null>>) => {
  const bytes = await rosterWorkbook(HEADERS, rows)
  const job = await admin((c) => c.bulkLoad.addLeadFromExcel({ payload: rosterForm({ retailId: plan.retailId, planId: plan.planId }, bytes) }))
  return settled(admin, job.id)
}

/** The people whose stored ends differ from their policies', over the whole database. */
const drifted = () =>
  server.sql(
    (sql) => sql<{ rut: string; stored: string; derived: string }>`
      SELECT i.rut, i.policy_ends::text AS stored, d.ends::text AS derived FROM insured i
        CROSS JOIN LATERAL (SELECT ARRAY(SELECT l.end_date FROM lead_insured li JOIN lead l ON l.id = li.lead_id
          WHERE li.insured_id = i.id ORDER BY 1) AS ends) d
      WHERE i.policy_ends <> d.ends
      UNION ALL
      SELECT c.rut, c.policy_ends::text, d.ends::text FROM customer c
        CROSS JOIN LATERAL (SELECT ARRAY(SELECT l.end_date FROM lead l WHERE l.customer_id = c.id ORDER BY 1) AS ends) d
      WHERE c.policy_ends <> d.ends`
  )

describe("policy ends written by a roster batch (migration 0032)", () => {
  it("equal the ones derived from the policies after loading new and covered people, and after a subscription's end moves", async () => {
    const [covered] = await server.sql(
      (sql) => sql<{ rut: string }>`SELECT i.rut FROM insured i JOIN customer c ON c.rut = i.rut
        WHERE cardinality(i.policy_ends) > 0 ORDER BY i.rut LIMIT 1`
    )
    const [ana, beto] = ruts(15_300_000, 2)
    const first = await load([
      [ana!, "Ana", "Soto", "01-01-2026", "31-12-2026"],
      [beto!, "Beto", "Lagos", null, null],
      [covered!.rut, "Cubierta", "Antes", "01-02-2026", "31-01-2027"]
    ])
    expect(first).toMatchObject({ status: "done", succeeded: 3 })
    expect(await drifted()).toEqual([])

    // A second titular on Ana's subscription, added by hand: the next file does not name them.
    const other = await server.sql(
      (sql) => sql<{ rut: string }>`INSERT INTO lead_insured (lead_id, insured_id)
        SELECT li.lead_id, (SELECT id FROM insured WHERE rut NOT IN (${ana!}, ${beto!}, ${covered!.rut}) ORDER BY rut LIMIT 1)
        FROM lead_insured li JOIN insured i ON i.id = li.insured_id JOIN lead l ON l.id = li.lead_id
        WHERE i.rut = ${ana!} AND l.product_plan_id = ${plan.planId}
        RETURNING (SELECT rut FROM insured WHERE id = insured_id)`
    )
    expect(other).toHaveLength(1)

    const second = await load([
      [ana!, "Ana", "Soto", "01-01-2026", "30-06-2027"],
      [beto!, "Beto", "Lagos", null, null]
    ])
    expect(second).toMatchObject({ status: "done", succeeded: 2 })
    const [moved] = await server.sql((sql) => sql<{ ends: string }>`SELECT policy_ends::text AS ends FROM insured WHERE rut = ${other[0]!.rut}`)
    expect(moved!.ends).toContain("2027-06-30")
    expect(await drifted()).toEqual([])
  })
})
