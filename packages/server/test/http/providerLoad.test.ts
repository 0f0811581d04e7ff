import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoTokens } from "../support/api.js"
import { type Fixture, caseFixture, newCase } from "../support/caseFixture.js"
import { rawApi } from "../support/providers.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * Issue 11 §2 and 12 §1 on the demo cases: a specialist or partner sent to an open case is not deactivated,
 * and a case's candidates come fewest open cases first, then best qualified.
 */

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>
let f: Fixture

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  f = await caseFixture(server)
})
afterAll(() => server?.stop())

const api = () =>
  rawApi(
    () => server.url,
    () => tokens.admin
  )

/** Each specialist's open cases (sent, not cancelled) and mean qualification, from the folds. */
const loads = () =>
  server.sql((sql) =>
    sql<{ id: string; open: number; score: number | null }>`SELECT sp.id::text AS id,
        (SELECT count(*)::int FROM case_state s JOIN assistance_case c ON c.id = s.case_id
          WHERE s.state->'specialist'->>'provider_id' = sp.id::text AND NOT c.is_closed AND NOT (s.state->'specialist'->>'cancel')::boolean) AS open,
        (SELECT avg(q.score)::float8 FROM case_state s JOIN qualification q ON q.id::text = s.state->'specialist'->>'qualification_id'
          WHERE s.state->'specialist'->>'provider_id' = sp.id::text) AS score
      FROM specialist sp`.pipe(Effect.map((rows) => new Map(rows.map((r) => [r.id, r]))))
  )

describe("specialists and the cases they are sent to", () => {
  it("candidates for a case come fewest open cases first, then the best mean qualification", async () => {
    const { call } = api()
    const assistances = await server.sql((sql) => sql<{ id: string }>`SELECT id::text AS id FROM assistance WHERE is_active ORDER BY name`)
    const byLoad = await loads()
    let ranked = 0
    for (const { id } of assistances) {
      const candidates = await call<ReadonlyArray<{ id: string }>>("GET", `/specialist/getByAssistanceAndDistrict/13120/${id}`, undefined, tokens.user)
      const keys = candidates.map((c) => byLoad.get(c.id)!)
      for (const [before, after] of keys.slice(1).map((k, i) => [keys[i]!, k] as const)) {
        expect(before.open).toBeLessThanOrEqual(after.open)
        if (before.open === after.open && after.score !== null) expect(before.score ?? -1).toBeGreaterThanOrEqual(after.score)
      }
      if (new Set(keys.map((k) => k.open)).size > 1) ranked += 1
    }
    // The demo's cases load some candidates more than others: the order is not vacuous.
    expect(ranked).toBeGreaterThan(0)
  })

  it("a specialist sent to an open case stays active (409 saying how many); once the assignment is cancelled, it goes", async () => {
    const { call, raw } = api()
    const candidate = { id: f.specialist }
    const open = (await loads()).get(candidate!.id)!.open
    const sent = await raw("POST", "/case/upsert", {
      ...newCase(f),
      procedure_id: f.procedures.specialist,
      specialist: { specialist_id: candidate!.id, specialty_id: null, confirmed: false, completed: false, cancel: false }
    })
    expect(sent.status, sent.text).toBe(200)

    const refused = await raw("DELETE", `/specialist/deleteById/${candidate!.id}`)
    expect(refused.status).toBe(409)
    const cases = open + 1
    expect((refused.json as { message: string }).message).toBe(
      `No se puede desactivar el especialista: está asignado a ${cases === 1 ? "1 caso abierto" : `${cases} casos abiertos`}. Anule o cierre esas asignaciones primero.`
    )
    expect((await call<{ isActive: boolean }>("GET", `/specialist/getById/${candidate!.id}`)).isActive).toBe(true)

    // Every open case that sends it, cancelled: nothing holds it any more.
    const holding = await server.sql(
      (sql) =>
        sql<{ id: string }>`SELECT c.id::text AS id FROM case_state s JOIN assistance_case c ON c.id = s.case_id
        WHERE s.state->'specialist'->>'provider_id' = ${candidate!.id} AND NOT c.is_closed AND NOT (s.state->'specialist'->>'cancel')::boolean`
    )
    for (const { id } of holding) {
      const current = await call<Record<string, unknown>>("GET", `/case/getById/${id}`)
      const response = await raw("POST", "/case/upsert", { ...current, specialist: { ...(current.specialist as object), cancel: true } })
      expect(response.status, response.text).toBe(200)
    }
    expect((await raw("DELETE", `/specialist/deleteById/${candidate!.id}`)).status).toBe(200)
  })

  it("a partner sent to an open case stays active too; once the alliance is cancelled, it goes", async () => {
    const { call, raw } = api()
    const sent = await raw("POST", "/case/upsert", {
      ...newCase(f),
      procedure_id: f.procedures.alliance,
      alliance: { partner_id: f.partner, specialty_id: null, confirmed: false, completed: false, cancel: false }
    })
    expect(sent.status, sent.text).toBe(200)
    const refused = await raw("DELETE", `/partner/deletePartner/${f.partner}`)
    expect(refused.status).toBe(409)
    expect((refused.json as { message: string }).message).toMatch(/^No se puede desactivar la alianza: está asignada a \d+ casos? abiertos?\. Anule o cierre/)

    const holding = await server.sql(
      (sql) =>
        sql<{ id: string }>`SELECT c.id::text AS id FROM case_state s JOIN assistance_case c ON c.id = s.case_id
        WHERE s.state->'alliance'->>'provider_id' = ${f.partner} AND NOT c.is_closed AND NOT (s.state->'alliance'->>'cancel')::boolean`
    )
    for (const { id } of holding) {
      const current = await call<Record<string, unknown>>("GET", `/case/getById/${id}`)
      expect((await raw("POST", "/case/upsert", { ...current, alliance: { ...(current.alliance as object), cancel: true } })).status).toBe(200)
    }
    expect((await raw("DELETE", `/partner/deletePartner/${f.partner}`)).status).toBe(200)
  })
})
