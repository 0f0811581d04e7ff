import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { addDays, chileDateOf, Rut, uf, ufRate, ufToClp } from "@palma/core"
import { demoUfOn } from "../../src/seed/demoUf.js"
import { send } from "../security/http.js"
import { demoTokens } from "../support/api.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * The first steps of opening a case as the original client makes them (reference §1.4, §1.5):
 * the applicant by RUT, then the plan's assistances with what was used in the policy year, and
 * Palma's coverage check in pesos at the event date's UF. Fixtures are demo subscriptions.
 */

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- wire answers are read field by field

let server: InProcessServer
let tokens: Awaited<ReturnType<typeof demoTokens>>
const today = chileDateOf(new Date())

interface Fixture {
  lead: string
  customer: string
  start: string
  end: string
  period: string
  insured: string
  insured_rut: string
  beneficiary: string
  beneficiary_rut: string
  product: string
  product_name: string
  retail: string
  assistance: string
  expired_rut: string
}
let f: Fixture

beforeAll(async () => {
  server = await startServer()
  tokens = await demoTokens(server.url)
  // A titular whose only policy in force today started over 400 days ago, with a carga in it and no case yet.
  f = await server.sql((sql) =>
    sql`SELECT l.id::text AS lead, l.customer_id::text AS customer, to_char(l.start_date, 'YYYY-MM-DD') AS start, to_char(l.end_date, 'YYYY-MM-DD') AS end,
        to_char(l.start_date + make_interval(years => extract(year FROM age(${today}::date, l.start_date))::int), 'YYYY-MM-DD') AS period,
        i.id::text AS insured, i.rut AS insured_rut, b.id::text AS beneficiary, b.rut AS beneficiary_rut,
        p.id::text AS product, p.name AS product_name, pp.retail_id::text AS retail,
        (SELECT pa.assistance_id::text FROM product_assistance pa WHERE pa.product_id = p.id ORDER BY pa.position LIMIT 1) AS assistance,
        (SELECT x.rut FROM insured x WHERE EXISTS (SELECT 1 FROM lead_insured xl WHERE xl.insured_id = x.id)
          AND NOT EXISTS (SELECT 1 FROM lead_insured xl JOIN lead y ON y.id = xl.lead_id WHERE xl.insured_id = x.id AND y.end_date >= ${today}::date)
          AND NOT EXISTS (SELECT 1 FROM beneficiary z WHERE z.rut = x.rut) ORDER BY x.rut LIMIT 1) AS expired_rut
      FROM lead l JOIN lead_insured li ON li.lead_id = l.id JOIN insured i ON i.id = li.insured_id
        JOIN lead_beneficiary lb ON lb.lead_id = l.id AND lb.insured_id = i.id JOIN beneficiary b ON b.id = lb.beneficiary_id
        JOIN product_plan pp ON pp.id = l.product_plan_id JOIN product p ON p.id = pp.product_id
      WHERE l.start_date <= ${today}::date - 400 AND l.end_date >= ${today}::date + 10
        AND EXISTS (SELECT 1 FROM product_assistance pa WHERE pa.product_id = p.id)
        AND NOT EXISTS (SELECT 1 FROM assistance_case c WHERE c.lead_id = l.id)
        AND NOT EXISTS (SELECT 1 FROM lead_insured o JOIN lead ol ON ol.id = o.lead_id WHERE o.insured_id = i.id AND ol.id <> l.id)
        AND NOT EXISTS (SELECT 1 FROM lead_beneficiary o WHERE o.beneficiary_id = b.id AND o.lead_id <> l.id)
        AND NOT EXISTS (SELECT 1 FROM lead_insured o WHERE o.insured_id IN (SELECT id FROM insured WHERE rut = b.rut))
      ORDER BY l.subscription_id LIMIT 1`.pipe(Effect.map((rows) => rows[0] as unknown as Fixture))
  )
  // The fixture's coverage, in UF: 3 UF a year, 1,5 per event, 2 events, 30 days of carencia.
  await server.sql(
    (sql) =>
      sql`UPDATE product_assistance SET currency = 'U', amount = 3, maximum = 1.5, events = 2, lack = 30
        WHERE product_id = ${f.product} AND assistance_id = ${f.assistance}`
  )
})
afterAll(() => server?.stop())

const call = async (method: string, path: string, body?: unknown, token = tokens.user) => {
  const response = await send(server.url, method, path, { token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: response.status, json: response.json as Json }
}

describe("GET /case/getApplicantByRut (caseStore.getApplicantByRut)", () => {
  it("a titular is type I with the customer, the titular and what they hold, found by the RUT as the client formats it or bare", async () => {
    const dotted = await call("GET", `/api/case/getApplicantByRut/${Rut.format(f.insured_rut)}`)
    expect(dotted.status, JSON.stringify(dotted.json)).toBe(200)
    const { json } = dotted
    expect(json.type).toBe("I")
    expect(json.customer).toMatchObject({ id: f.customer })
    expect(json.customer.rut).toMatch(/^\d{1,2}\.\d{3}\.\d{3}-[\dK]$/)
    expect(json.insured).toMatchObject({ id: f.insured, rut: Rut.format(f.insured_rut) })
    for (const key of ["name", "paternalLastName", "maternalLastName", "address", "district", "email", "phone", "birthDate"])
      expect(json.insured).toHaveProperty(key)
    expect(json.beneficiary).toBeNull()
    expect(json.retails).toEqual([{ id: f.retail, name: expect.any(String) }])
    expect(json.products).toEqual([
      {
        id: f.product,
        name: f.product_name,
        agent_id: f.retail,
        lead_id: f.lead,
        productPlan_id: expect.any(String),
        retail_id: f.retail,
        policy: { number: expect.stringMatching(/^\d+$/), startDate: f.start, endDate: f.end }
      }
    ])
    expect((await call("GET", `/api/case/getApplicantByRut/${f.insured_rut}`)).json).toEqual(json)
  })

  it("a carga is type B, with the titular as insured and the carga as beneficiary", async () => {
    const { status, json } = await call("GET", `/api/case/getApplicantByRut/${Rut.format(f.beneficiary_rut)}`)
    expect(status).toBe(200)
    expect(json.type).toBe("B")
    expect(json.insured.id).toBe(f.insured)
    expect(json.beneficiary).toMatchObject({ id: f.beneficiary, rut: Rut.format(f.beneficiary_rut) })
    expect(json.products.map((p: Json) => p.lead_id)).toEqual([f.lead])
  })

  it("only policies in force on the event date count: otherwise exactly {type: 'C'}", async () => {
    expect((await call("GET", `/api/case/getApplicantByRut/${f.insured_rut}?date=${addDays(f.start, -1)}`)).json).toEqual({ type: "C" })
    expect((await call("GET", `/api/case/getApplicantByRut/${f.insured_rut}?date=${f.start}`)).json.type).toBe("I")
    expect((await call("GET", `/api/case/getApplicantByRut/${f.insured_rut}?date=${addDays(f.end, 1)}`)).json).toEqual({ type: "C" })
    expect((await call("GET", `/api/case/getApplicantByRut/${Rut.format(f.expired_rut)}`)).json).toEqual({ type: "C" })
  })

  it("an unknown RUT is exactly {type: 'C'}; a malformed one is a 400 in Spanish", async () => {
    const unknown = await call("GET", "/api/case/getApplicantByRut/1.000.005-K")
    expect(unknown).toEqual({ status: 200, json: { type: "C" } })
    const bad = await call("GET", "/api/case/getApplicantByRut/12.345.678-0")
    expect(bad.status).toBe(400)
    expect(bad.json.message).toContain("RUT inválido")
    expect((await call("GET", `/api/case/getApplicantByRut/${f.insured_rut}?date=2024-13-01`)).status).toBe(400)
  })
})

describe("POST /case/getServicesAndValues (caseStore.getServicesAndValues)", () => {
  /** The body the original client posts: its state's six ids, plus Palma's optional event date. */
  const body = (extra: Record<string, unknown> = {}) => ({
    insured_id: f.insured,
    beneficiary_id: null,
    retail_id: f.retail,
    customer_id: f.customer,
    product_id: f.product,
    assistance_id: f.assistance,
    ...extra
  })
  const post = (b: unknown, token?: string) => call("POST", "/api/case/getServicesAndValues", b, token)
  const assigned = { amount: "3.00", currency: "U", maximum: "1.50", events: 2, lack: 30 }

  it("answers the lead, the product's assistances, the chosen one with what was used, the values, and the coverage in pesos", async () => {
    const { status, json } = await post(body())
    expect(status, JSON.stringify(json)).toBe(200)
    expect(json).toMatchObject({ insured_id: f.insured, beneficiary_id: null, retail_id: f.retail, customer_id: f.customer, lead_id: f.lead })
    expect(json.product).toEqual({ id: f.product, name: f.product_name })
    expect(json.assistances.length).toBeGreaterThan(0)
    for (const a of json.assistances) {
      expect(Object.keys(a).sort()).toEqual(["assigned", "id", "name", "used"])
      expect(a.used).toEqual({ events: 0, total_amount: 0 })
    }
    expect(json.assistances[0]).toMatchObject({ id: f.assistance, assigned })
    expect(json.assistance).toMatchObject({ id: f.assistance, assigned, used: { events: 0, total_amount: 0 } })
    expect(Array.isArray(json.values)).toBe(true)
    for (const v of json.values) expect(v).toMatchObject({ id: expect.any(String), name: expect.any(String), value: "", line_order: expect.any(Number) })
    expect(json.eventDate).toBe(today)
    const rate = demoUfOn(today)
    expect(json.coverage).toEqual({
      problems: [],
      uf: { requested: today, date: today, value: rate, source: "demo", stale: false },
      assigned_clp: { amount: ufToClp(uf("3"), ufRate(rate)), maximum: ufToClp(uf("1.5"), ufRate(rate)) }
    })
  })

  it("counts the applicant's cases of the period and the pesos of refunds and IMED discounts not refused; earlier periods do not count", async () => {
    const open = async (date: string, refund: { amount: number; imed?: boolean; reject?: boolean } | null) => {
      const opened = await call("POST", "/api/case/upsert", newCase(date))
      expect(opened.status, JSON.stringify(opened.json)).toBe(200)
      if (refund === null) return
      const asked = await call("POST", "/api/case/upsert", {
        ...opened.json,
        procedure_id: refund.imed ? procedures.imed : procedures.refund,
        refund: {
          amount: { required: refund.imed ? null : String(refund.amount), refunded: null },
          imed: { required: refund.imed ? String(refund.amount) : null, refunded: null },
          status: "Pendiente",
          comment: ""
        }
      })
      expect(asked.status, JSON.stringify(asked.json)).toBe(200)
      if (refund.reject) {
        const rejected = await call("POST", "/api/case/upsert", { ...asked.json, refund: { ...asked.json.refund, status: "Rechazado" } }, tokens.moderator)
        expect(rejected.status, JSON.stringify(rejected.json)).toBe(200)
      }
    }
    await open(today, { amount: 45_000 })
    await open(addDays(today, -1), { amount: 30_000, reject: true })
    await open(addDays(f.period, -1), { amount: 20_000 })
    await open(addDays(f.period, -3), { amount: 7_000, imed: true })

    const { json } = await post(body())
    expect(json.assistance.used).toEqual({ events: 2, total_amount: 45_000 })
    expect(json.coverage.problems).toEqual([{ code: "events", message: "Sin eventos disponibles: usados 2 de 2" }])
    // The carga's own cases are counted apart from the titular's.
    expect((await post(body({ beneficiary_id: f.beneficiary }))).json.assistance.used).toEqual({ events: 0, total_amount: 0 })
    // In the previous policy year, only the cases of that year count: a refund and an IMED discount.
    expect((await post(body({ eventDate: addDays(f.period, -2) }))).json.assistance.used).toEqual({ events: 2, total_amount: 27_000 })
  })

  it("one count everywhere (issue 31 §3.6): the service step's list, the chosen assistance and the case page say the same", async () => {
    // The list as the service step asks it (no assistance chosen yet), the check of the chosen one, and each case's page.
    const listed = (await post(body({ assistance_id: null }))).json.assistances.find((a: Json) => a.id === f.assistance).used
    const chosen = (await post(body())).json.assistance.used
    expect(listed).toEqual({ events: 2, total_amount: 45_000 })
    expect(chosen).toEqual(listed)
    const cases = await server.sql(
      (sql) =>
        sql<{ id: string }>`SELECT id::text AS id FROM assistance_case WHERE lead_id = ${f.lead} AND beneficiary_id IS NULL AND event_date >= ${f.period}::date`
    )
    expect(cases).toHaveLength(2)
    for (const c of cases) expect((await call("GET", `/api/case/getById/${c.id}`)).json.assistance.used).toEqual(listed)
    // The other assistances of the plan, unused, still count as such.
    for (const a of (await post(body({ assistance_id: null }))).json.assistances.filter((a: Json) => a.id !== f.assistance))
      expect(a.used).toEqual({ events: 0, total_amount: 0 })
  })

  it("says the amount is used up when the refunds reach the coverage converted at the event date's UF", async () => {
    await server.sql(
      (sql) => sql`UPDATE product_assistance SET amount = 1, maximum = 1, events = 9 WHERE product_id = ${f.product} AND assistance_id = ${f.assistance}`
    )
    const { json } = await post(body())
    const amount = ufToClp(uf("1"), ufRate(demoUfOn(today)))
    expect(json.coverage.assigned_clp).toEqual({ amount, maximum: amount })
    expect(json.coverage.problems).toEqual([{ code: "amount", message: expect.stringMatching(/^Monto agotado: usado \$45\.000 de \$\d{2}\.\d{3}$/) }])
    await server.sql(
      (sql) => sql`UPDATE product_assistance SET amount = 3, maximum = 1.5, events = 2 WHERE product_id = ${f.product} AND assistance_id = ${f.assistance}`
    )
  })

  it("reports carencia on its last day and not the day after; no policy outside its dates", async () => {
    const lastDay = await post(body({ eventDate: addDays(f.start, 29) }))
    expect(lastDay.json.lead_id).toBe(f.lead)
    expect(lastDay.json.coverage.problems).toContainEqual({ code: "lack", message: expect.stringContaining("En carencia: cubierto desde el") })
    const covered = await post(body({ eventDate: addDays(f.start, 30) }))
    expect(covered.json.coverage.problems.map((p: Json) => p.code)).not.toContain("lack")

    const after = await post(body({ eventDate: addDays(f.end, 1) }))
    expect(after.json.lead_id).toBeNull()
    expect(after.json.coverage.problems).toContainEqual({ code: "policy", message: expect.stringContaining("Sin póliza vigente") })
  })

  it("a carga's request finds the lead only through that titular", async () => {
    expect((await post(body({ beneficiary_id: f.beneficiary }))).json.lead_id).toBe(f.lead)
    expect((await post(body({ beneficiary_id: f.beneficiary, insured_id: otherInsured }))).json.lead_id).toBeNull()
  })

  it("missing or unknown ids answer nulls and empty lists, echoing the ids; the original's blank ids are read as none", async () => {
    const none = await post({ insured_id: null, beneficiary_id: null, retail_id: null, customer_id: null, product_id: null, assistance_id: null })
    expect(none.status).toBe(200)
    expect(none.json).toEqual({
      insured_id: null,
      beneficiary_id: null,
      retail_id: null,
      customer_id: null,
      lead_id: null,
      product: null,
      assistances: [],
      assistance: null,
      values: null,
      eventDate: today,
      coverage: null
    })
    const noAssistance = await post(body({ assistance_id: "", customer_id: "" }))
    expect(noAssistance.json).toMatchObject({ lead_id: f.lead, customer_id: null, assistance: null, values: null, coverage: null })
    expect(noAssistance.json.assistances.length).toBeGreaterThan(0)
  })

  it("a malformed id or date is a 400 in Spanish; a body with the original's extra keys is fine", async () => {
    const bad = await post(body({ product_id: "no-es-un-id" }))
    expect(bad.status).toBe(400)
    expect(bad.json.message).toContain("Identificador inválido")
    expect((await post(body({ eventDate: "2024-02-30" }))).status).toBe(400)
    expect((await post({ ...body(), lead_id: f.lead, user_id: "alguien" })).status).toBe(200)
  })

  it("with no UF known, the coverage in UF says the amount could not be checked", async () => {
    await server.sql((sql) => sql`DELETE FROM uf_value`)
    const { json } = await post(body())
    expect(json.coverage.uf).toBeNull()
    expect(json.coverage.assigned_clp).toBeNull()
    expect(json.coverage.problems).toContainEqual({ code: "uf", message: expect.stringContaining("No se conoce el valor de la UF") })
  })
})

let procedures: Record<string, string>
let otherInsured: string
beforeAll(async () => {
  ;[procedures, otherInsured] = await server.sql((sql) =>
    Effect.all([
      sql<{ p: Record<string, string> }>`SELECT json_object_agg(code, id) AS p FROM procedure`.pipe(Effect.map((rows) => rows[0]!.p)),
      sql<{ id: string }>`SELECT id::text AS id FROM insured WHERE id <> ${f.insured} ORDER BY rut LIMIT 1`.pipe(Effect.map((rows) => rows[0]!.id))
    ])
  )
})

/** A new case of the fixture's titular: the parts of the original client's body (reference §1.3) a case needs. */
const newCase = (date: string) => ({
  case_id: null,
  type: "I",
  insured: { id: f.insured },
  retail: { id: f.retail },
  product: { id: f.product },
  assistance: { id: f.assistance },
  event: { date, location: "Ñuñoa", description: "Filtración bajo el lavaplatos" }
})
