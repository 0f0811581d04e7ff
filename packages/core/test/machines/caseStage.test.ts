import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CaseView } from "../../src/domain/caseView.js"
import { canMoveRefund, type RefundStatus } from "../../src/domain/refund.js"
import type { Role } from "../../src/domain/role.js"
import { documentAfter } from "../../src/machines/caseAction.js"
import { caseSteps } from "../../src/machines/caseStage.js"
import { alliance, openCase, refund, specialist } from "./caseView.fixture.js"

const flags = fc.record({ confirmed: fc.boolean(), completed: fc.boolean(), cancel: fc.boolean() })

/** Any case as far as its next steps go: open or closed, any refund status or none, a specialist, a partner or nobody sent. */
const anyCase: fc.Arbitrary<CaseView> = fc
  .record({
    isClosed: fc.boolean(),
    refund: fc.option(fc.constantFrom<RefundStatus>("Pendiente", "Aprobado", "Rechazado", "Reembolsado")),
    sent: fc.constantFrom("specialist", "alliance", "none"),
    flags
  })
  .map(({ isClosed, refund: status, sent, flags: f }) => ({
    ...openCase,
    status: { isClosed, description: isClosed ? "Resuelto" : "" },
    refund: status === null ? null : refund(status),
    specialist: sent === "specialist" ? { ...specialist, ...f } : null,
    alliance: sent === "alliance" ? { ...alliance, ...f } : null
  }))

const anyRole = fc.constantFrom<Role>("user", "moderator", "admin")
const supervises = (role: Role) => role !== "user"

describe("caseSteps: what can happen next to a case, by role", () => {
  it("a closed case only reopens, and only a moderator or an admin may reopen it", () => {
    fc.assert(
      fc.property(anyCase, anyRole, (view, role) => {
        fc.pre(view.status.isClosed)
        expect(caseSteps(view, role)).toEqual([
          { step: "reopen", refusal: supervises(role) ? null : "Solo un moderador o un administrador puede reabrir un caso" }
        ])
      })
    )
  })

  it("an open case closes; its refund moves only along the allowed paths and only by a supervisor", () => {
    fc.assert(
      fc.property(anyCase, anyRole, (view, role) => {
        fc.pre(!view.status.isClosed)
        const steps = caseSteps(view, role)
        expect(steps[0]).toEqual({ step: "close", refusal: null })
        expect(steps.map((s) => s.step)).not.toContain("reopen")
        const refundSteps = steps.filter((s) => s.step.endsWith("Refund"))
        const expected = view.refund?.status === "Pendiente" ? ["approveRefund", "rejectRefund"] : view.refund?.status === "Aprobado" ? ["payRefund"] : []
        expect(refundSteps.map((s) => s.step)).toEqual(expected)
        for (const s of refundSteps) {
          expect(s.refusal === null).toBe(supervises(role))
          const after = documentAfter(view, { step: s.step, note: "" })
          expect(canMoveRefund(view.refund!.status, after.refund!.status)).toBe(true)
        }
      })
    )
  })

  it("a specialist or partner is confirmed once, completed or cancelled while active; a finished one offers nothing", () => {
    fc.assert(
      fc.property(anyCase, anyRole, (view, role) => {
        fc.pre(!view.status.isClosed)
        const sent = view.specialist ?? view.alliance
        const steps = caseSteps(view, role).filter((s) => s.step.endsWith("Assignment"))
        const active = sent !== null && !sent.cancel && !sent.completed
        const expected = active ? [...(sent.confirmed ? [] : ["confirmAssignment"]), "completeAssignment", "cancelAssignment"] : []
        expect(steps.map((s) => s.step)).toEqual(expected)
        expect(steps.every((s) => s.refusal === null)).toBe(true)
      })
    )
  })

  it("every step offered changes the document the page posts, and only where the step says", () => {
    fc.assert(
      fc.property(anyCase, anyRole, fc.string({ minLength: 1, maxLength: 40 }), (view, role, note) => {
        for (const { step } of caseSteps(view, role)) {
          const after = documentAfter(view, { step, note })
          expect(after).not.toEqual(view)
          expect({ ...after, status: view.status, refund: view.refund, specialist: view.specialist, alliance: view.alliance }).toEqual(view)
        }
      })
    )
  })

  it("closing and reopening carry the description; paying records what was asked as paid back", () => {
    expect(documentAfter(openCase, { step: "close", note: "  Resuelto  " }).status).toEqual({ isClosed: true, description: "Resuelto" })
    const paid = documentAfter({ ...openCase, refund: refund("Aprobado") }, { step: "payRefund", note: "" })
    expect(paid.refund).toMatchObject({ status: "Reembolsado", amount: { required: 45000, refunded: 45000 }, imed: { required: null, refunded: null } })
    expect(caseSteps(openCase, null)).toEqual([])
  })
})
