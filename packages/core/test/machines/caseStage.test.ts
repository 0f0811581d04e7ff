import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CaseView } from "../../src/domain/caseView.js"
import { canMoveRefund, type RefundStatus } from "../../src/domain/refund.js"
import type { Role } from "../../src/domain/role.js"
import { type CaseAction, documentAfter } from "../../src/machines/caseAction.js"
import { assignmentOf, type CaseStep, caseSteps } from "../../src/machines/caseStage.js"
import { alliance, openCase, refund, specialist } from "./caseView.fixture.js"

const flags = fc.record({ confirmed: fc.boolean(), completed: fc.boolean(), cancel: fc.boolean() })

const procedureCodes = ["specialist", "alliance", "refund", "imed"] as const
type Code = (typeof procedureCodes)[number]

/**
 * Any case as far as its next steps go: open or closed, with or without a procedure, any refund
 * status or none, a specialist, a partner, both (one of them cancelled) or nobody sent.
 */
const anyCase: fc.Arbitrary<{ view: CaseView; procedure: Code | null }> = fc
  .record({
    isClosed: fc.boolean(),
    procedure: fc.option(fc.constantFrom(...procedureCodes)),
    refund: fc.option(fc.constantFrom<RefundStatus>("Pendiente", "Aprobado", "Rechazado", "Reembolsado")),
    sent: fc.constantFrom("specialist", "alliance", "both", "none"),
    flags
  })
  .map(({ isClosed, procedure, refund: status, sent, flags: f }) => ({
    procedure,
    view: {
      ...openCase,
      procedure_id: procedure === null ? null : `00000000-0000-4000-9000-00000000000${procedureCodes.indexOf(procedure)}`,
      status: { isClosed, description: isClosed ? "Resuelto" : "" },
      refund: status === null ? null : refund(status),
      specialist: sent === "specialist" ? { ...specialist, ...f } : sent === "both" ? { ...specialist, cancel: true } : null,
      alliance: sent === "alliance" || sent === "both" ? { ...alliance, ...f } : null
    }
  }))

/** What a person enters for each step, in the shape the page hands over. */
const actionFor = (step: CaseStep, note: string): CaseAction => {
  switch (step) {
    case "chooseProcedure":
      return { step, procedure: { id: "00000000-0000-4000-9000-000000000099", name: "Otro" } }
    case "assignProvider":
      return {
        step,
        kind: "alliance",
        provider: { id: "00000000-0000-4000-9000-000000000077", name: "Otra alianza" },
        specialty: null,
        visit: { scheduled_date: "2026-12-01", scheduled_time: null }
      }
    case "schedule":
      return { step, visit: { scheduled_date: "2026-12-02", scheduled_time: "16:00" } }
    case "qualify":
      return { step, qualification: { id: "00000000-0000-4000-9000-000000000055", name: "Excelente" }, comment: note }
    case "requestRefund":
      return { step, kind: "refund", amount: 30000, comment: note }
    default:
      return { step, note }
  }
}

const anyRole = fc.constantFrom<Role>("user", "moderator", "admin")
const supervises = (role: Role) => role !== "user"

describe("caseSteps: what can happen next to a case, by role", () => {
  it("a closed case only reopens, and only a moderator or an admin may reopen it", () => {
    fc.assert(
      fc.property(anyCase, anyRole, ({ view, procedure }, role) => {
        fc.pre(view.status.isClosed)
        expect(caseSteps(view, role, procedure)).toEqual([
          { step: "reopen", refusal: supervises(role) ? null : "Solo un moderador o un administrador puede reabrir un caso" }
        ])
      })
    )
  })

  it("an open case closes; its refund moves only along the allowed paths and only by a supervisor", () => {
    fc.assert(
      fc.property(anyCase, anyRole, ({ view, procedure }, role) => {
        fc.pre(!view.status.isClosed)
        const steps = caseSteps(view, role, procedure)
        expect(steps[0]).toEqual({ step: "close", refusal: null })
        expect(steps.map((s) => s.step)).not.toContain("reopen")
        const refundSteps = steps.filter((s) => s.step.endsWith("Refund") && s.step !== "requestRefund")
        const expected = view.refund?.status === "Pendiente" ? ["approveRefund", "rejectRefund"] : view.refund?.status === "Aprobado" ? ["payRefund"] : []
        expect(refundSteps.map((s) => s.step)).toEqual(expected)
        for (const s of refundSteps) {
          expect(s.refusal === null).toBe(supervises(role))
          const after = documentAfter(view, actionFor(s.step, ""))
          expect(canMoveRefund(view.refund!.status, after.refund!.status)).toBe(true)
        }
      })
    )
  })

  it("the one sent is scheduled, confirmed, then completed (cancelled while active), and rated once done", () => {
    fc.assert(
      fc.property(anyCase, anyRole, ({ view, procedure }, role) => {
        fc.pre(!view.status.isClosed)
        const sent = assignmentOf(view)
        const kinds: ReadonlyArray<CaseStep> = ["schedule", "confirmAssignment", "completeAssignment", "cancelAssignment", "qualify"]
        const steps = caseSteps(view, role, procedure).filter((s) => kinds.includes(s.step))
        const active = sent !== null && !sent.cancel && !sent.completed
        const expected =
          sent === null || sent.cancel
            ? []
            : sent.completed
              ? ["qualify"]
              : ["schedule", sent.confirmed ? "completeAssignment" : "confirmAssignment", "cancelAssignment"]
        expect(steps.map((s) => s.step)).toEqual(expected)
        expect(steps.every((s) => s.refusal === null)).toBe(true)
        // The one in play is the one not cancelled.
        if (view.specialist?.cancel === true && view.alliance?.cancel === false) expect(sent).toBe(view.alliance)
        if (active) expect(steps.map((s) => s.step)).not.toContain("chooseProcedure")
      })
    )
  })

  it("while nothing is under way the procedure is chosen and started by its kind: send someone, or ask for money", () => {
    fc.assert(
      fc.property(anyCase, anyRole, ({ view, procedure }, role) => {
        fc.pre(!view.status.isClosed)
        const sent = assignmentOf(view)
        const idle = view.refund === null && (sent === null || sent.cancel)
        const steps = caseSteps(view, role, procedure).map((s) => s.step)
        expect(steps.includes("chooseProcedure")).toBe(idle)
        expect(steps.includes("assignProvider")).toBe(idle && (procedure === "specialist" || procedure === "alliance"))
        expect(steps.includes("requestRefund")).toBe(idle && (procedure === "refund" || procedure === "imed"))
      })
    )
  })

  it("every step offered changes the document the page posts, and only where the step says", () => {
    const touched = ["status", "refund", "specialist", "alliance", "procedure_id"] as const
    fc.assert(
      fc.property(
        anyCase,
        anyRole,
        fc.string({ minLength: 1, maxLength: 40 }).filter((s) => s.trim() !== ""),
        ({ view, procedure }, role, note) => {
          for (const { step } of caseSteps(view, role, procedure)) {
            const after = documentAfter(view, actionFor(step, note))
            expect(after).not.toEqual(view)
            expect({ ...after, ...Object.fromEntries(touched.map((k) => [k, view[k]])) }).toEqual(view)
          }
        }
      )
    )
  })

  it("sending someone makes a fresh assignment at the event's comuna; a schedule and a rating land on the one in play", () => {
    const sent = documentAfter(openCase, {
      step: "assignProvider",
      kind: "specialist",
      provider: { id: specialist.specialist_id, name: "Ana Pérez" },
      specialty: { id: "00000000-0000-4000-9000-000000000001", name: "Gasfitería" },
      visit: { scheduled_date: "2026-11-22", scheduled_time: "09:00" }
    })
    expect(sent.specialist).toMatchObject({
      specialist_id: specialist.specialist_id,
      district_id: "13120",
      specialty_id: "00000000-0000-4000-9000-000000000001",
      scheduled_date: "2026-11-22",
      scheduled_time: "09:00",
      confirmed: false,
      completed: false,
      cancel: false,
      qualification_id: null
    })
    const both = { ...openCase, specialist: { ...specialist, cancel: true }, alliance }
    const moved = documentAfter(both, { step: "schedule", visit: { scheduled_date: "2026-11-30", scheduled_time: null } })
    expect(moved.alliance).toMatchObject({ scheduled_date: "2026-11-30", scheduled_time: null })
    expect(moved.specialist).toEqual(both.specialist)
    const rated = documentAfter({ ...openCase, alliance: { ...alliance, completed: true } }, actionFor("qualify", "  Muy puntual  "))
    expect(rated.alliance).toMatchObject({ qualification_name: "Excelente", comment: "Muy puntual" })
    const imed = documentAfter(openCase, { step: "requestRefund", kind: "imed", amount: 12000, comment: "" })
    expect(imed.refund).toEqual({ amount: { required: null, refunded: null }, imed: { required: 12000, refunded: null }, status: "Pendiente", comment: "" })
  })

  it("closing and reopening carry the description; paying records what was asked as paid back", () => {
    expect(documentAfter(openCase, { step: "close", note: "  Resuelto  " }).status).toEqual({ isClosed: true, description: "Resuelto" })
    const paid = documentAfter({ ...openCase, refund: refund("Aprobado") }, { step: "payRefund", note: "" })
    expect(paid.refund).toMatchObject({ status: "Reembolsado", amount: { required: 45000, refunded: 45000 }, imed: { required: null, refunded: null } })
    expect(caseSteps(openCase, null, null)).toEqual([])
  })
})
