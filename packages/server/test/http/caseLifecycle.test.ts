import fc from "fast-check"
import { Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  type CaseChange,
  type CaseFacts,
  type CaseStepInput,
  type CaseView,
  caseFactsOfView,
  commandOfStep,
  commandsBetween,
  decideAll,
  foldCase,
  lifecycleOf,
  refusalOf,
  type Role
} from "@palma/core"
import { send } from "../security/http.js"
import { demoTokens } from "../support/api.js"
import { type Fixture, caseFixture, newCase, today } from "../support/caseFixture.js"
import { type InProcessServer, startServer } from "../support/startServer.js"

/**
 * The server decides with the case lifecycle (issue 32): whatever steps arrive, from whatever role,
 * each answer is what the lifecycle says for the case as stored (the step taken, or a 409 with its
 * reason), and the case stored is always the fold of its stored events.
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

const call = async (method: string, path: string, token: string, body?: unknown, headers: Record<string, string> = {}) => {
  const response = await send(server.url, method, path, { token, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: response.status, json: response.json as unknown }
}

const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)

/** Steps with the fixture's records (and some the lifecycle refuses: a visit before the event, a payment over what was asked…). */
const stepArb = (): fc.Arbitrary<CaseStepInput> =>
  fc.oneof(
    fc.constantFrom<CaseStepInput>(
      { type: "close", description: "" },
      { type: "close", description: "Resuelto" },
      { type: "reopen", description: "Falta la boleta" },
      { type: "confirmAssignment" },
      { type: "completeAssignment" },
      { type: "cancelAssignment" },
      { type: "approveRefund" },
      { type: "rejectRefund" },
      { type: "payRefund", refunded: null },
      { type: "payRefund", refunded: 1000 },
      { type: "payRefund", refunded: 9_999_999 },
      { type: "requestRefund", amount: 0, comment: "" },
      { type: "requestRefund", amount: 45000, comment: "Boleta" },
      { type: "schedule", scheduled_date: today, scheduled_time: "10:30" },
      { type: "schedule", scheduled_date: yesterday, scheduled_time: null }
    ),
    fc.constantFrom("specialist", "alliance", "refund", "imed").map((code): CaseStepInput => ({ type: "chooseProcedure", procedure_id: f.procedures[code]! })),
    fc
      .record({ kind: fc.constantFrom("specialist" as const, "alliance" as const), date: fc.constantFrom(null, today) })
      .map(({ kind, date }): CaseStepInput => ({
        type: "assignProvider",
        kind,
        provider_id: kind === "specialist" ? f.specialist : f.partner,
        specialty_id: null,
        scheduled_date: date,
        scheduled_time: null
      })),
    fc.constant<CaseStepInput>({ type: "qualify", qualification_id: f.qualification, comment: "A tiempo" })
  )

/** What the original client posts: the whole case as it read it, with what its forms changed (null: nothing to change on this case). */
type Edit = (view: CaseView) => CaseView | null
const edits: ReadonlyArray<Edit> = [
  (v) => ({ ...v, status: { isClosed: true, description: "Cerrado desde el cliente" } }),
  // Refused on an open case: closing needs a description.
  (v) => ({ ...v, status: { isClosed: true, description: "" } }),
  // An amount changed: allowed only while the refund waits for a decision.
  (v) => (v.refund === null ? null : { ...v, refund: { ...v.refund, amount: { ...v.refund.amount, required: (v.refund.amount.required ?? 0) + 1000 } } }),
  (v) => ({ ...v, status: { isClosed: false, description: "Reabierto desde el cliente" } }),
  ...(["confirmed", "completed", "cancel"] as const).map(
    (flag): Edit =>
      (v) =>
        v.specialist === null ? null : { ...v, specialist: { ...v.specialist, [flag]: !v.specialist[flag] } }
  ),
  ...(["Pendiente", "Aprobado", "Rechazado", "Reembolsado"] as const).map(
    (status): Edit =>
      (v) =>
        v.refund === null ? null : { ...v, refund: { ...v.refund, status } }
  )
]
/** Where a case starts before the documents: just opened, a refund asked for, or a specialist sent (steps, as the web takes them). */
const setups = (): Record<"opened" | "refund" | "specialist", ReadonlyArray<CaseStepInput>> => ({
  opened: [],
  refund: [
    { type: "chooseProcedure", procedure_id: f.procedures.refund! },
    { type: "requestRefund", amount: 30000, comment: "" }
  ],
  specialist: [
    { type: "chooseProcedure", procedure_id: f.procedures.specialist! },
    { type: "assignProvider", kind: "specialist", provider_id: f.specialist, specialty_id: null, scheduled_date: today, scheduled_time: null }
  ]
})

const stored = (caseId: string) =>
  server.sql((sql) =>
    Effect.all({
      events: sql<{ type: string; payload: unknown }>`SELECT type, payload FROM case_event WHERE case_id = ${caseId} ORDER BY version`,
      state: sql<{ state: unknown }>`SELECT state FROM case_state WHERE case_id = ${caseId}`
    })
  )

const asJson = (value: unknown) => (typeof value === "string" ? (JSON.parse(value) as unknown) : value)

describe("POST /api/case/{case_id}/step decides with the case lifecycle", () => {
  it("answers every step as the lifecycle does for the stored case, and the stored case is the fold of its events (property)", async () => {
    const codeOf = Object.fromEntries(Object.entries(f.procedures).map(([code, id]) => [id, code]))
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ role: fc.constantFrom<Role>("user", "moderator", "admin"), step: stepArb() }), { minLength: 1, maxLength: 10 }),
        async (steps) => {
          const opened = await call("POST", "/api/case/upsert", tokens.user, newCase(f))
          expect(opened.status, JSON.stringify(opened.json)).toBe(200)
          let view = opened.json as CaseView
          for (const { role, step } of steps) {
            const facts = caseFactsOfView(view)
            const code = step.type === "chooseProcedure" ? (codeOf[step.procedure_id] ?? null) : null
            const expected = refusalOf(lifecycleOf(facts), { ...commandOfStep(step, facts, code), role })
            const answer = await call("POST", `/api/case/${view.case_id}/step`, tokens[role], step, { "if-match": `"${view.version}"` })
            if (expected === null) {
              expect(answer.status, JSON.stringify(answer.json)).toBe(200)
              view = answer.json as CaseView
            } else {
              expect(answer).toEqual({ status: 409, json: expect.objectContaining({ message: expected }) })
            }
          }
          const { events, state } = await stored(view.case_id)
          const folded = foldCase(events.map((e) => ({ type: e.type, payload: asJson(e.payload) }) as CaseChange))
          expect(folded).toEqual(asJson(state[0]!.state) as CaseFacts)
        }
      ),
      { numRuns: 12 }
    )
  })

  it("answers the original client's documents (case/upsert) as the lifecycle decides their difference from the stored case (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("opened" as const, "refund" as const, "specialist" as const),
        fc.array(fc.record({ role: fc.constantFrom<Role>("user", "moderator", "admin"), edit: fc.constantFrom(...edits) }), { minLength: 1, maxLength: 8 }),
        async (setup, changes) => {
          const opened = await call("POST", "/api/case/upsert", tokens.user, newCase(f))
          expect(opened.status, JSON.stringify(opened.json)).toBe(200)
          let view = opened.json as CaseView
          for (const step of setups()[setup]) {
            const answer = await call("POST", `/api/case/${view.case_id}/step`, tokens.user, step, { "if-match": `"${view.version}"` })
            expect(answer.status, JSON.stringify(answer.json)).toBe(200)
            view = answer.json as CaseView
          }
          for (const { role, edit } of changes) {
            const document = edit(view)
            if (document === null) continue
            const facts = caseFactsOfView(view)
            const expected = decideAll(
              lifecycleOf(facts),
              commandsBetween(facts, caseFactsOfView(document)).map((command) => ({ ...command, role }))
            ).refusal
            const answer = await call("POST", "/api/case/upsert", tokens[role], document)
            if (expected === null) {
              expect(answer.status, JSON.stringify(answer.json)).toBe(200)
              view = answer.json as CaseView
            } else {
              expect(answer).toEqual({ status: 409, json: expect.objectContaining({ message: expected }) })
            }
          }
          const { events, state } = await stored(view.case_id)
          const folded = foldCase(events.map((e) => ({ type: e.type, payload: asJson(e.payload) }) as CaseChange))
          expect(folded).toEqual(asJson(state[0]!.state) as CaseFacts)
        }
      ),
      { numRuns: 15 }
    )
  })

  it("a stale version is a 412 and an unknown record a 400, before the lifecycle is asked", async () => {
    const opened = (await call("POST", "/api/case/upsert", tokens.user, newCase(f))).json as CaseView
    const stale = await call(
      "POST",
      `/api/case/${opened.case_id}/step`,
      tokens.user,
      { type: "close", description: "Listo" },
      { "if-match": `"${opened.version - 1}"` }
    )
    expect(stale.status).toBe(412)
    const unknown = await call("POST", `/api/case/${opened.case_id}/step`, tokens.user, { type: "chooseProcedure", procedure_id: f.lead })
    expect(unknown).toMatchObject({ status: 400, json: { message: "Procedimiento desconocido" } })
  })
})
