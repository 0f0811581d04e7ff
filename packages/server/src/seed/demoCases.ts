import { SqlClient } from "@effect/sql"
import { Effect } from "effect"
import { chileDateOf, stageOf } from "@palma/core/domain"
import { caseColumns } from "../case/caseColumns.js"
import { type CaseAssistance, type CaseLead, type GeneratedCase, generateCases, type Provider } from "./caseGenerator.js"
import { insertRows } from "./insertRows.js"
import { once } from "./once.js"

/** What the case generator needs from the database: subscriptions, coverage, providers, users. */
export const caseInputs = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const leads = yield* sql<CaseLead>`SELECT l.id::text AS id, l.customer_id::text AS customer_id, pp.retail_id::text AS retail_id,
      pp.product_id::text AS product_id, pp.id::text AS "productPlan_id", to_char(l.start_date, 'YYYY-MM-DD') AS start, to_char(l.end_date, 'YYYY-MM-DD') AS end,
      (SELECT COALESCE(json_agg(json_build_object('id', li.insured_id::text, 'beneficiaries',
        (SELECT COALESCE(json_agg(lb.beneficiary_id::text ORDER BY lb.beneficiary_id), '[]') FROM lead_beneficiary lb
          WHERE lb.lead_id = l.id AND lb.insured_id = li.insured_id)) ORDER BY li.insured_id), '[]') FROM lead_insured li WHERE li.lead_id = l.id) AS insured
    FROM lead l JOIN product_plan pp ON pp.id = l.product_plan_id ORDER BY l.subscription_id`
  const coverage = yield* sql<{ product_id: string; assistances: ReadonlyArray<CaseAssistance> }>`SELECT pa.product_id::text AS product_id,
      json_agg(json_build_object('id', a.id::text,
        'values', (SELECT COALESCE(json_agg(json_build_object('id', v.id::text, 'type', vt.code) ORDER BY av.position), '[]')
          FROM assistance_value av JOIN value v ON v.id = av.value_id JOIN value_type vt ON vt.id = v.value_type_id WHERE av.assistance_id = a.id),
        'documents', (SELECT COALESCE(json_agg(ad.document_id::text ORDER BY ad.position), '[]') FROM assistance_document ad WHERE ad.assistance_id = a.id),
        'specialties', (SELECT COALESCE(json_agg(s.specialty_id::text ORDER BY s.position), '[]') FROM assistance_specialty s WHERE s.assistance_id = a.id))
        ORDER BY pa.position) AS assistances
    FROM product_assistance pa JOIN assistance a ON a.id = pa.assistance_id WHERE a.is_active GROUP BY pa.product_id`
  const providers = (table: "specialist" | "partner") =>
    sql<Provider>`SELECT p.id::text AS id, (SELECT COALESCE(json_agg(l.specialty_id::text ORDER BY l.specialty_id), '[]')
        FROM ${sql(`${table}_specialty`)} l WHERE l.${sql(`${table}_id`)} = p.id) AS specialties
      FROM ${sql(table)} p WHERE p.is_active ORDER BY p.rut`
  const procedures = yield* sql<{ code: string; id: string }>`SELECT code, id::text AS id FROM procedure WHERE is_active`
  const qualifications = yield* sql<{ id: string }>`SELECT id::text AS id FROM qualification WHERE is_active ORDER BY score DESC`
  const comunas = yield* sql<{ id: string; name: string }>`SELECT d.id, d.name FROM district d
    WHERE EXISTS (SELECT 1 FROM specialist_district sd JOIN specialist s ON s.id = sd.specialist_id AND s.is_active WHERE sd.district_id = d.id) ORDER BY d.id`
  const users = yield* sql<{ id: string; role: string }>`SELECT id, role FROM app_user WHERE role IS NOT NULL ORDER BY id`
  const byRole = (roles: ReadonlyArray<string>, fallback: string) => {
    const ids = users.filter((u) => roles.includes(u.role)).map((u) => u.id)
    // Clerk mode has no local users: the history then names a demo author.
    return ids.length > 0 ? ids : [fallback]
  }
  return {
    leads,
    assistances: Object.fromEntries(coverage.map((c) => [c.product_id, c.assistances])),
    specialists: yield* providers("specialist"),
    partners: yield* providers("partner"),
    procedures: Object.fromEntries(procedures.map((p) => [p.code, p.id])),
    qualifications: qualifications.map((q) => q.id),
    comunas,
    operators: byRole(["user", "moderator"], "demo-operador"),
    moderators: byRole(["moderator", "admin"], "demo-moderador")
  }
})

/**
 * Writes generated cases in bulk: numbered from the sequence in the order given (the order they
 * were opened), their projection rows, events and chats.
 */
export const writeCases = (cases: ReadonlyArray<GeneratedCase>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    if (cases.length === 0) return
    const numbers = yield* sql<{ n: string }>`SELECT nextval('case_number')::text AS n FROM generate_series(1, ${cases.length})`
    const stages = new Map((yield* sql<{ code: string; id: string }>`SELECT code, id::text AS id FROM stage WHERE is_active`).map((s) => [s.code, s.id]))
    const people = new Map(
      (yield* sql<{ id: string; rut: string; search_name: string }>`SELECT id::text AS id, rut, search_name FROM insured
        UNION ALL SELECT id::text AS id, rut, search_name FROM beneficiary`).map((p) => [p.id, p])
    )
    const caseRows: Array<Record<string, unknown>> = []
    const stateRows: Array<Record<string, unknown>> = []
    const eventRows: Array<Record<string, unknown>> = []
    const chatRows: Array<Record<string, unknown>> = []
    cases.forEach((c, i) => {
      const number = Number(numbers[i]!.n)
      const facts = { ...c.facts, number }
      const insured = people.get(facts.parties.insured_id ?? "")
      const beneficiary = people.get(facts.parties.beneficiary_id ?? "")
      const columns = caseColumns(facts, {
        stage_id: stages.get(stageOf(facts))!,
        applicant_rut: insured?.rut ?? null,
        applicant_search: [insured?.search_name, beneficiary?.search_name].filter((s) => s !== undefined).join(" ")
      })
      caseRows.push({
        ...columns,
        id: c.id,
        number,
        version: c.events.length,
        created_by: c.createdBy,
        created_at: c.createdAt,
        updated_at: c.events.at(-1)!.at
      })
      stateRows.push({ case_id: c.id, state: facts })
      c.events.forEach((e, v) => {
        const change = e.change.type === "opened" ? { ...e.change, payload: { ...e.change.payload, number } } : e.change
        eventRows.push({ case_id: c.id, version: v + 1, type: change.type, payload: change.payload, user_id: e.user_id, at: e.at })
      })
      // Numbered in the order they were written, as the chat numbers a message posted.
      ;[...c.chats]
        .sort((a, b) => a.at.getTime() - b.at.getTime())
        .forEach((chat, i) =>
          chatRows.push({
            case_id: c.id,
            stage_id: stages.get(chat.stage) ?? null,
            user_id: chat.user_id,
            message: chat.message,
            type: chat.type,
            created_at: chat.at,
            seq: i + 1
          })
        )
    })
    yield* insertRows("assistance_case", caseRows)
    yield* insertRows("case_state", stateRows)
    yield* insertRows("case_event", eventRows)
    yield* insertRows("case_chat", chatRows)
  })

/**
 * ~1,500 cases over the last 18 months on the demo subscriptions, built through the same event
 * path as a user's (states diffed into events and folded), with their chats. Written in bulk: a
 * first start stays quick.
 */
export const seedDemoCases = once(
  "demo-cases-v1",
  Effect.gen(function* () {
    const now = new Date()
    yield* writeCases(generateCases({ ...(yield* caseInputs), today: chileDateOf(now), now, seed: 20261124, count: 1500 }))
  })
)
