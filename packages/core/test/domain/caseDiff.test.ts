import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CaseAssignment, CaseFacts } from "../../src/domain/caseFacts.js"
import { changesBetween } from "../../src/domain/caseDiff.js"
import { applyChange, emptyCase, foldCase } from "../../src/domain/caseFold.js"
import { stageOf } from "../../src/domain/caseProgress.js"

const idA = fc.constantFrom("a0000000-0000-4000-8000-000000000001", "a0000000-0000-4000-8000-000000000002")
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null })
const day = fc.integer({ min: 0, max: 800 }).map((n) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10))
const text = fc.constantFrom("", "Filtración", "Llave rota")

const assignment: fc.Arbitrary<CaseAssignment> = fc.record({
  provider_id: idA,
  specialty_id: maybe(idA),
  district_id: maybe(fc.constantFrom("13101", "05101")),
  scheduled_date: maybe(day),
  scheduled_time: maybe(fc.constantFrom("09:00", "14:30")),
  confirmed: fc.boolean(),
  completed: fc.boolean(),
  cancel: fc.boolean(),
  qualification_id: maybe(idA),
  comment: text
})

const amounts = fc.record({ required: maybe(fc.integer({ min: 0, max: 500_000 })), refunded: maybe(fc.integer({ min: 0, max: 500_000 })) })

const facts: fc.Arbitrary<Omit<CaseFacts, "number">> = fc.record({
  parties: fc.record({
    type: fc.constantFrom("I" as const, "B" as const, "C" as const),
    customer_id: maybe(idA),
    retail_id: maybe(idA),
    insured_id: maybe(idA),
    beneficiary_id: maybe(idA)
  }),
  service: fc.record({ lead_id: maybe(idA), product_id: maybe(idA), productPlan_id: maybe(idA), assistance_id: maybe(idA) }),
  coverageException: maybe(text),
  values: fc.array(fc.record({ id: idA, value: text }), { maxLength: 2 }),
  event: maybe(fc.record({ date: day, district_id: maybe(fc.constant("13101")), location: text, description: text })),
  files: fc.array(fc.record({ document_id: idA, file_tag: text }), { maxLength: 2 }),
  procedure: maybe(fc.record({ id: idA, code: fc.constantFrom("specialist", "alliance", "refund", "imed") })),
  specialist: maybe(assignment),
  alliance: maybe(assignment),
  refund: maybe(
    fc.record({
      amount: amounts,
      imed: amounts,
      status: fc.constantFrom("Pendiente" as const, "Aprobado" as const, "Rechazado" as const, "Reembolsado" as const),
      comment: text
    })
  ),
  cost: maybe(fc.record({ amount: fc.nat(100_000), extra: fc.nat(100_000), comment: text })),
  status: fc.record({ isClosed: fc.boolean(), description: text })
})

/** A provider just sent: nothing scheduled, confirmed or done yet. */
const assignmentTo = (provider_id: string): CaseAssignment => ({
  provider_id,
  specialty_id: null,
  district_id: null,
  scheduled_date: null,
  scheduled_time: null,
  confirmed: false,
  completed: false,
  cancel: false,
  qualification_id: null,
  comment: ""
})

/** What a writer asks for after merging a document over `current`: nothing is removed by omission, an open case keeps its last note. */
const merged = (current: CaseFacts, desired: Omit<CaseFacts, "number">): CaseFacts => ({
  ...desired,
  number: current.number,
  event: desired.event ?? current.event,
  procedure: desired.procedure ?? current.procedure,
  specialist: desired.specialist ?? current.specialist,
  alliance: desired.alliance ?? current.alliance,
  refund: desired.refund ?? current.refund,
  cost: desired.cost ?? current.cost,
  status: desired.status.isClosed || current.status.isClosed ? desired.status : current.status
})

const opened = (number: number, desired: Omit<CaseFacts, "number">): CaseFacts => {
  const start = applyChange(emptyCase(0), { type: "opened", payload: { number, type: desired.parties.type } })
  return changesBetween(start, desired).reduce(applyChange, start)
}

describe("a case's events", () => {
  it("fold the current case into the one asked for, and asking again adds no event", () => {
    fc.assert(
      fc.property(facts, facts, (first, second) => {
        const current = opened(1001, merged(emptyCase(1001), first))
        expect(current).toEqual(merged(emptyCase(1001), first))
        const desired = merged(current, second)
        const changes = changesBetween(current, desired)
        expect(changes.reduce(applyChange, current)).toEqual(desired)
        expect(changesBetween(desired, desired)).toEqual([])
      }),
      { numRuns: 300 }
    )
  })

  it("replay from the first event gives the same case as the stored fold", () => {
    fc.assert(
      fc.property(facts, facts, (first, second) => {
        const start = { type: "opened" as const, payload: { number: 7, type: first.parties.type } }
        const a = changesBetween(applyChange(emptyCase(0), start), merged(emptyCase(7), first))
        const afterA = foldCase([start, ...a])
        const b = changesBetween(afterA, merged(afterA, second))
        expect(foldCase([start, ...a, ...b])).toEqual(b.reduce(applyChange, afterA))
      })
    )
  })

  it("a refund first asked for is Pendiente, then moves to the status asked", () => {
    const current = opened(1, merged(emptyCase(1), { ...emptyCase(1), refund: null }))
    const refund = { amount: { required: 30_000, refunded: null }, imed: { required: null, refunded: null }, status: "Aprobado" as const, comment: "" }
    const changes = changesBetween(current, { ...current, refund })
    expect(changes.map((c) => c.type)).toEqual(["refundRequested", "refundStatusChanged"])
    expect(changes[1]).toEqual({ type: "refundStatusChanged", payload: { from: "Pendiente", to: "Aprobado" } })
  })

  it("an assignment's steps are separate events, a new specialist is one assignment", () => {
    const base = assignmentTo("s1")
    const current = { ...emptyCase(1), specialist: base }
    const steps = changesBetween(current, { ...current, specialist: { ...base, scheduled_date: "2024-05-03", confirmed: true, cancel: true } })
    expect(steps.map((c) => c.type)).toEqual(["scheduled", "confirmed", "cancelled"])
    expect(changesBetween(current, { ...current, specialist: { ...base, provider_id: "s2", confirmed: true } }).map((c) => c.type)).toEqual(["assigned"])
  })
})

describe("stageOf", () => {
  it("is the furthest step reached, the procedure's own when it has started, closed above all", () => {
    const c = emptyCase(1)
    expect(stageOf(c)).toBe("applicant")
    const withEvent = {
      ...c,
      parties: { ...c.parties, insured_id: "i" },
      service: { ...c.service, assistance_id: "a" },
      event: { date: "2024-01-01", district_id: null, location: "", description: "" }
    }
    expect(stageOf(withEvent)).toBe("event")
    const procedure = { id: "p", code: "specialist" }
    expect(stageOf({ ...withEvent, procedure })).toBe("event")
    const specialist = { ...assignmentTo("s"), cancel: true }
    expect(stageOf({ ...withEvent, procedure, specialist })).toBe("anulled_specialist")
    expect(stageOf({ ...withEvent, procedure, specialist, status: { isClosed: true, description: "" } })).toBe("close")
  })
})
