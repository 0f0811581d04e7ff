import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CaseStep } from "../../src/domain/caseLifecycle.js"
import { pesosOf, stepFieldsFor, stepInputOf } from "../../src/domain/caseStepForm.js"
import { alliance, openCase, specialist } from "../machines/caseView.fixture.js"

const es = new Intl.NumberFormat("es-CL")
const ana = { id: specialist.specialist_id, name: "Ana Pérez" }
const blankOf = (step: CaseStep) => stepFieldsFor(step, openCase)
const procedure = (code: string) => ({ ...openCase, procedure_id: "00000000-0000-4000-8000-000000000099", procedure_code: code })

describe("a step's dialog: what was entered becomes the step to send, or says what is missing", () => {
  it("pesos are read as typed in Chile, with or without the thousands' dots; anything else is refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        expect(pesosOf(es.format(n))).toBe(n)
        expect(pesosOf(String(n))).toBe(n)
      })
    )
    for (const typed of ["", "12,5", "-3", "1e5", "doce", "1 000"]) expect(pesosOf(typed)).toBeNull()
  })

  it("a blank dialog names what each step needs, in Spanish; the lifecycle's own refusals come from the lifecycle", () => {
    expect(stepInputOf("close", blankOf("close"), openCase, "user")).toEqual({ errors: { note: "Indique cómo se resolvió el caso para cerrarlo" } })
    expect(stepInputOf("chooseProcedure", blankOf("chooseProcedure"), openCase, "user")).toEqual({ errors: { procedure: "Elija un procedimiento" } })
    expect(stepInputOf("assignProvider", blankOf("assignProvider"), procedure("specialist"), "user")).toEqual({ errors: { provider: "Elija un especialista" } })
    expect(stepInputOf("assignProvider", blankOf("assignProvider"), procedure("alliance"), "user")).toEqual({ errors: { provider: "Elija una alianza" } })
    expect(stepInputOf("qualify", blankOf("qualify"), openCase, "user")).toEqual({ errors: { qualification: "Elija una calificación" } })
    expect(stepInputOf("requestRefund", { ...blankOf("requestRefund"), amount: "0" }, procedure("refund"), "user")).toEqual({
      errors: { amount: "Indique un monto en pesos mayor que cero" }
    })
  })

  it("a visit needs its day when it has an hour, and is never before the event (the lifecycle's rule)", () => {
    const view = procedure("specialist")
    const fields = { ...blankOf("assignProvider"), provider: ana }
    expect(stepInputOf("assignProvider", { ...fields, scheduled_time: "10:00" }, view, "user")).toEqual({
      errors: { scheduled_date: "Indique el día de la visita" }
    })
    expect(stepInputOf("assignProvider", { ...fields, scheduled_date: "2026-11-19" }, view, "user")).toEqual({
      errors: { scheduled_date: "La visita no puede ser antes del evento" }
    })
    expect(stepInputOf("assignProvider", { ...fields, scheduled_date: "2026-11-20" }, view, "user")).toEqual({
      input: { type: "assignProvider", kind: "specialist", provider_id: ana.id, specialty_id: null, scheduled_date: "2026-11-20", scheduled_time: null }
    })
  })

  it("the procedure decides who is sent; a payment is never over what was asked for", () => {
    const sent = stepInputOf(
      "assignProvider",
      { ...blankOf("assignProvider"), provider: { id: alliance.partner_id, name: "Gasfitería Sur" } },
      procedure("alliance"),
      "user"
    )
    expect(sent).toMatchObject({ input: { kind: "alliance" } })
    const approved = {
      ...procedure("refund"),
      refund: { amount: { required: 80000, refunded: null }, imed: { required: null, refunded: null }, status: "Aprobado" as const, comment: "" }
    }
    expect(stepInputOf("payRefund", { ...blankOf("payRefund"), amount: "90.000" }, approved, "moderator")).toEqual({
      errors: { amount: "El monto pagado no puede superar el solicitado ($80.000)" }
    })
    expect(stepInputOf("payRefund", { ...blankOf("payRefund"), amount: "59.281" }, approved, "moderator")).toEqual({
      input: { type: "payRefund", refunded: 59281 }
    })
    expect(stepInputOf("payRefund", blankOf("payRefund"), approved, "moderator")).toEqual({ input: { type: "payRefund", refunded: null } })
  })

  it("rescheduling and rating start from what the one sent already has", () => {
    const view = {
      ...openCase,
      alliance: { ...alliance, completed: true, qualification_id: "00000000-0000-4000-9000-000000000055", qualification_name: "Buena", comment: "A tiempo" }
    }
    expect(stepFieldsFor("schedule", view)).toMatchObject({ scheduled_date: "2026-11-20", scheduled_time: "10:30" })
    expect(stepFieldsFor("qualify", view)).toMatchObject({ qualification: { id: "00000000-0000-4000-9000-000000000055", name: "Buena" }, comment: "A tiempo" })
  })
})
