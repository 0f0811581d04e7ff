import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { demoTokens } from "../support/api.js"
import { rutOf } from "../support/catalogFixture.js"
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

/** Each provider's open cases (sent as `kind`, not cancelled) and mean qualification, from the folds. */
const loads = (kind: "specialist" | "alliance" = "specialist") =>
  server.sql((sql) => {
    const table = kind === "specialist" ? sql`specialist` : sql`partner`
    return sql<{ id: string; open: number; score: number | null }>`SELECT sp.id::text AS id,
        (SELECT count(*)::int FROM case_state s JOIN assistance_case c ON c.id = s.case_id
          WHERE s.state->${kind}->>'provider_id' = sp.id::text AND NOT c.is_closed AND NOT (s.state->${kind}->>'cancel')::boolean) AS open,
        (SELECT avg(q.score)::float8 FROM case_state s JOIN qualification q ON q.id::text = s.state->${kind}->>'qualification_id'
          WHERE s.state->${kind}->>'provider_id' = sp.id::text) AS score
      FROM ${table} sp`.pipe(Effect.map((rows) => new Map(rows.map((r) => [r.id, r]))))
  })

/** How many assistances' candidate lists the ranking orders, failing on the first pair out of order. */
const rankedLists = async (kind: "specialist" | "alliance", candidatesOf: (assistanceId: string) => string) => {
  const { call } = api()
  const assistances = await server.sql((sql) => sql<{ id: string }>`SELECT id::text AS id FROM assistance WHERE is_active ORDER BY name`)
  const byLoad = await loads(kind)
  let ranked = 0
  for (const { id } of assistances) {
    const candidates = await call<ReadonlyArray<{ id: string }>>("GET", candidatesOf(id), undefined, tokens.user)
    const keys = candidates.map((c) => byLoad.get(c.id)!)
    for (const [before, after] of keys.slice(1).map((k, i) => [keys[i]!, k] as const)) {
      expect(before.open).toBeLessThanOrEqual(after.open)
      if (before.open === after.open && after.score !== null) expect(before.score ?? -1).toBeGreaterThanOrEqual(after.score)
    }
    if (new Set(keys.map((k) => k.open)).size > 1) ranked += 1
  }
  return ranked
}

describe("specialists and the cases they are sent to", () => {
  it("candidates for a case come fewest open cases first, then the best mean qualification", async () => {
    // The demo's cases load some candidates more than others: the order is not vacuous.
    expect(await rankedLists("specialist", (id) => `/specialist/getByAssistanceAndDistrict/13120/${id}`)).toBeGreaterThan(0)
  })

  it("a case's partner candidates are ranked the same way: the busiest falls behind", async () => {
    const { call, raw } = api()
    // The demo has one partner per assistance: a second one, with the specialties of the fixture's partner.
    const [first] = await server.sql(
      (sql) => sql<{ id: string }>`SELECT specialty_id::text AS id FROM partner_specialty WHERE partner_id = ${f.partner} ORDER BY specialty_id LIMIT 1`
    )
    await call("POST", "/partner/create", { rut: rutOf(76_555_201), name: "Segunda Alianza SpA", specialties: [first!.id] })
    const [shared] = await server.sql(
      (sql) => sql<{ id: string }>`SELECT assistance_id::text AS id FROM assistance_specialty WHERE specialty_id = ${first!.id} ORDER BY assistance_id LIMIT 1`
    )
    const candidates = () => call<ReadonlyArray<{ id: string }>>("GET", `/partner/getByAssistance/${shared!.id}`, undefined, tokens.user)
    const [top, next] = await candidates()
    const byLoad = await loads("alliance")
    // Send the top partner to new open cases until it has more than the next one.
    for (let n = byLoad.get(top!.id)!.open; n <= byLoad.get(next!.id)!.open; n += 1) {
      const sent = await raw("POST", "/case/upsert", {
        ...newCase(f),
        procedure_id: f.procedures.alliance,
        alliance: { partner_id: top!.id, specialty_id: null, confirmed: false, completed: false, cancel: false }
      })
      expect(sent.status, sent.text).toBe(200)
    }
    expect((await candidates())[0]!.id).not.toBe(top!.id)
    await rankedLists("alliance", (id) => `/partner/getByAssistance/${id}`)
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
