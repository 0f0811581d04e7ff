import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { clientAs, demo, signIn, statusOf } from "../support/api.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * Issue 32 §6 over real HTTP: `POST /api/case/verify` folds each case's events again and reports
 * where the stored facts, stage, version or list row differ, by case number; it fixes nothing.
 */
describe("POST /api/case/verify", () => {
  let server: InProcessServer
  let admin: ReturnType<typeof clientAs>

  beforeAll(async () => {
    server = await startServer()
    admin = clientAs(server.url, await signIn(server.url, demo.admin))
  })
  afterAll(() => server?.stop())

  const someNumbers = async (n: number) =>
    (await server.sql((sql) => sql<{ number: string }>`SELECT number::text AS number FROM assistance_case ORDER BY number LIMIT ${n}`)).map((r) =>
      Number(r.number)
    )

  it("finds the stored cases equal to the fold of their events, and names the numbers that are no case", async () => {
    const numbers = await someNumbers(5)
    const report = await admin((c) => c.case.verify({ payload: { numbers: [numbers[0]!, ...numbers.slice(1), 999_999_999] } }))
    expect(report).toEqual({ checked: 5, mismatches: [], missing: [999_999_999] })
  })

  it("reports each corrupted part by case number, pages through every case, and changes nothing", async () => {
    const [facts, closed, stage, version] = await someNumbers(4)
    await server.sql(
      (sql) =>
        sql`UPDATE case_state SET state = jsonb_set(state, '{status,description}', '"alterado"') WHERE case_id = (SELECT id FROM assistance_case WHERE number = ${facts!})`
    )
    await server.sql((sql) => sql`UPDATE assistance_case SET is_closed = NOT is_closed WHERE number = ${closed!}`)
    await server.sql(
      (sql) =>
        sql`UPDATE assistance_case SET stage_id = (SELECT id FROM stage WHERE id <> assistance_case.stage_id AND code IS NOT NULL LIMIT 1) WHERE number = ${stage!}`
    )
    await server.sql((sql) => sql`UPDATE assistance_case SET version = version + 1 WHERE number = ${version!}`)
    const before = await server.sql((sql) => sql`SELECT number, version, is_closed, stage_id FROM assistance_case ORDER BY number LIMIT 4`)

    const report = await admin((c) => c.case.verify({ payload: { all: true } }))
    const [{ n }] = (await server.sql((sql) => sql<{ n: number }>`SELECT count(*)::int AS n FROM assistance_case`)) as [{ n: number }]
    expect(n).toBeGreaterThan(200)
    expect(report.checked).toBe(n)
    expect(report.missing).toEqual([])
    const byNumber = new Map(report.mismatches.map((m) => [m.number, m]))
    expect([...byNumber.keys()].sort((a, b) => a - b)).toEqual([facts, closed, stage, version])
    expect(byNumber.get(facts!)).toMatchObject({ parts: ["facts"], details: ["hechos: status"] })
    expect(byNumber.get(closed!)).toMatchObject({ parts: ["row"], details: ["fila de la lista: is_closed"] })
    expect(byNumber.get(stage!)?.parts).toEqual(["stage"])
    expect(byNumber.get(version!)?.parts).toEqual(["version"])

    // Only reported: the corrupted rows are as they were.
    expect(await server.sql((sql) => sql`SELECT number, version, is_closed, stage_id FROM assistance_case ORDER BY number LIMIT 4`)).toEqual(before)
  })

  it("is for admins only: a moderator or an operator gets 403; a request naming nothing is a 400", async () => {
    const [number] = await someNumbers(1)
    for (const who of [demo.moderator, demo.user]) {
      const call = clientAs(server.url, await signIn(server.url, who))
      expect(await statusOf(call((c) => c.case.verify({ payload: { numbers: [number!] } })))).toBe(403)
    }
    const raw = await fetch(`${server.url}/api/case/verify`, {
      method: "POST",
      headers: { authorization: `Bearer ${await signIn(server.url, demo.admin)}`, "content-type": "application/json" },
      body: "{}"
    })
    expect(raw.status).toBe(400)
  })
})
