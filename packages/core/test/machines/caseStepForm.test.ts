import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { documentAfter } from "../../src/machines/caseAction.js"
import { type CaseStep } from "../../src/machines/caseStage.js"
import { pesosOf, stepActionOf, stepFieldsFor } from "../../src/machines/caseStepForm.js"
import { alliance, openCase, specialist } from "./caseView.fixture.js"

const es = new Intl.NumberFormat("es-CL")
const ana = { id: specialist.specialist_id, name: "Ana Pérez" }
const blankOf = (step: CaseStep) => stepFieldsFor(step, openCase)

describe("a step's dialog: what was entered becomes the step's action, or says what is missing", () => {
  it("pesos are read as typed in Chile, with or without the thousands' dots; anything else is refused", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (n) => {
        expect(pesosOf(es.format(n))).toBe(n)
        expect(pesosOf(String(n))).toBe(n)
      })
    )
    for (const typed of ["", "12,5", "-3", "1e5", "doce", "1 000"]) expect(pesosOf(typed)).toBeNull()
  })

  it("a blank dialog names what each step needs, in Spanish; nothing is posted", () => {
    expect(stepActionOf("close", blankOf("close"), openCase, null)).toEqual({ errors: { note: "Escriba una descripción" } })
    expect(stepActionOf("chooseProcedure", blankOf("chooseProcedure"), openCase, null)).toEqual({ errors: { procedure: "Elija un procedimiento" } })
    expect(stepActionOf("assignProvider", blankOf("assignProvider"), openCase, "specialist")).toEqual({ errors: { provider: "Elija un especialista" } })
    expect(stepActionOf("assignProvider", blankOf("assignProvider"), openCase, "alliance")).toEqual({ errors: { provider: "Elija una alianza" } })
    expect(stepActionOf("qualify", blankOf("qualify"), openCase, null)).toEqual({ errors: { qualification: "Elija una calificación" } })
    expect(stepActionOf("requestRefund", { ...blankOf("requestRefund"), amount: "0" }, openCase, "refund")).toEqual({
      errors: { amount: "Indique un monto en pesos mayor que cero" }
    })
  })

  it("a visit needs its day when it has an hour, and is never before the event", () => {
    const fields = { ...blankOf("assignProvider"), provider: ana }
    expect(stepActionOf("assignProvider", { ...fields, scheduled_time: "10:00" }, openCase, "specialist")).toEqual({
      errors: { scheduled_date: "Indique el día de la visita" }
    })
    expect(stepActionOf("schedule", { ...fields, scheduled_date: "2026-11-19" }, openCase, "specialist")).toEqual({
      errors: { scheduled_date: "La visita no puede ser antes del evento" }
    })
    expect(stepActionOf("assignProvider", { ...fields, scheduled_date: "2026-11-20" }, openCase, "specialist")).toEqual({
      action: { step: "assignProvider", kind: "specialist", provider: ana, specialty: null, visit: { scheduled_date: "2026-11-20", scheduled_time: null } }
    })
  })

  it("the procedure decides who is sent and what money is asked for", () => {
    const sent = stepActionOf(
      "assignProvider",
      { ...blankOf("assignProvider"), provider: { id: alliance.partner_id, name: "Gasfitería Sur" } },
      openCase,
      "alliance"
    )
    expect(sent).toMatchObject({ action: { kind: "alliance" } })
    const imed = stepActionOf("requestRefund", { ...blankOf("requestRefund"), amount: "12.500" }, openCase, "imed")
    expect(imed).toEqual({ action: { step: "requestRefund", kind: "imed", amount: 12500, comment: "" } })
    if ("action" in imed) expect(documentAfter(openCase, imed.action).refund?.imed.required).toBe(12500)
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
