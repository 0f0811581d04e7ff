import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CaseCommand } from "../../src/domain/caseCommand.js"
import { applyChange, emptyCase } from "../../src/domain/caseFold.js"
import { type CaseCommandBy, type CaseLifecycleSnapshot, decide, decideAll, lifecycleOf, refusalOf, stepsOf } from "../../src/domain/caseLifecycle.js"
import type { Role } from "../../src/domain/role.js"

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`
const event = { date: "2026-11-20", district_id: "13120", location: "Ñuñoa", description: "Filtración" }
const by = (role: Role, ...commands: ReadonlyArray<CaseCommand>): ReadonlyArray<CaseCommandBy> => commands.map((c) => ({ ...c, role }))

/** A case opened with its event, as the intake leaves it. */
const opened = (): CaseLifecycleSnapshot => {
  const done = decideAll(lifecycleOf(emptyCase(0)), by("user", { type: "open", number: 1042, applicant: "I" }, { type: "setIncident", event }))
  if (done.refusal !== null) throw new Error(done.refusal)
  return done.snapshot
}
const taken = (snapshot: CaseLifecycleSnapshot, role: Role, ...commands: ReadonlyArray<CaseCommand>) => {
  const done = decideAll(snapshot, by(role, ...commands))
  if (done.refusal !== null) throw new Error(done.refusal)
  return done.snapshot
}
const procedure = (code: string): CaseCommand => ({ type: "chooseProcedure", procedure: { id: id(9), code } })
const assign: CaseCommand = {
  type: "assignProvider",
  kind: "specialist",
  provider_id: id(5),
  specialty_id: null,
  district_id: null,
  scheduled_date: null,
  scheduled_time: null
}
const none = { required: null, refunded: null }

describe("the case lifecycle", () => {
  it("walks a specialist from sent to rated, the stage's regions following; the specialist goes to the event's comuna", () => {
    let s = taken(opened(), "user", procedure("specialist"), assign)
    expect(s.value).toEqual({ open: { procedure: "chosen", assignment: "sent", refund: "none" } })
    expect(s.context.facts.specialist?.district_id).toBe("13120")
    s = taken(s, "user", { type: "schedule", scheduled_date: "2026-11-21", scheduled_time: "10:30" })
    expect(s.value).toMatchObject({ open: { assignment: "scheduled" } })
    s = taken(s, "user", { type: "confirmAssignment" }, { type: "completeAssignment" }, { type: "qualify", qualification_id: id(7), comment: "" })
    expect(s.value).toMatchObject({ open: { assignment: "qualified" } })
    expect(stepsOf(s, "user").map((o) => o.step)).toEqual(["close", "qualify"])
  })

  it("gives each refusal its Spanish reason: who may, what the case admits, what the command says", () => {
    const s = taken(opened(), "user", procedure("refund"), { type: "requestRefund", amount: { required: 80000, refunded: null }, imed: none, comment: "" })
    expect(refusalOf(s, { type: "approveRefund", role: "user" })).toBe("Solo un moderador o un administrador puede aprobar, rechazar o pagar un reembolso")
    expect(refusalOf(s, { type: "payRefund", refunded: null, role: "admin" })).toBe("Solo se paga un reembolso aprobado")
    expect(refusalOf(s, { ...procedure("specialist"), role: "user" } as CaseCommandBy)).toBe(
      "El caso ya tiene un reembolso: su procedimiento no se puede cambiar"
    )
    const approved = taken(s, "moderator", { type: "approveRefund" })
    expect(refusalOf(approved, { type: "payRefund", refunded: 90000, role: "moderator" })).toBe("El monto pagado no puede superar el solicitado ($80.000)")
    const paid = decide(approved, { type: "payRefund", refunded: 59281, role: "moderator" })
    expect(paid.refusal === null && paid.changes.map((c) => c.type)).toEqual(["refundAmended", "refundStatusChanged"])
    expect(refusalOf(opened(), { type: "close", description: " ", role: "user" })).toBe("Indique cómo se resolvió el caso para cerrarlo")
    const closed = taken(opened(), "user", { type: "close", description: "Listo" })
    expect(refusalOf(closed, { type: "setCost", cost: { amount: 1, extra: 0, comment: "" }, role: "admin" })).toBe(
      "El caso está cerrado: reábralo para modificarlo"
    )
    expect(stepsOf(closed, "user")).toEqual([{ step: "reopen", refusal: "Solo un moderador o un administrador puede reabrir un caso" }])
    expect(stepsOf(closed, "moderator")).toEqual([{ step: "reopen", refusal: null }])
  })

  it("holds nothing its facts do not: any sequence of commands leaves a snapshot equal to the one built from its facts, which are the fold of its events (property)", () => {
    const command = fc.constantFrom<CaseCommand>(
      procedure("specialist"),
      procedure("alliance"),
      procedure("refund"),
      procedure("imed"),
      assign,
      { ...assign, kind: "alliance", provider_id: id(6) },
      { type: "schedule", scheduled_date: "2026-11-22", scheduled_time: null },
      { type: "schedule", scheduled_date: "2026-11-19", scheduled_time: null },
      { type: "confirmAssignment" },
      { type: "completeAssignment" },
      { type: "qualify", qualification_id: id(7), comment: "ok" },
      { type: "cancelAssignment" },
      { type: "undo", step: "confirmAssignment" },
      { type: "requestRefund", amount: { required: 45000, refunded: null }, imed: none, comment: "" },
      { type: "requestRefund", amount: none, imed: { required: 12000, refunded: null }, comment: "" },
      { type: "approveRefund" },
      { type: "rejectRefund" },
      { type: "payRefund", refunded: null },
      { type: "payRefund", refunded: 20000 },
      { type: "close", description: "Listo" },
      { type: "reopen", description: "Otra vez" }
    )
    fc.assert(
      fc.property(fc.array(fc.record({ role: fc.constantFrom<Role>("user", "moderator", "admin"), command }), { maxLength: 25 }), (steps) => {
        let s = opened()
        let facts = s.context.facts
        for (const { role, command: c } of steps) {
          const d = decide(s, { ...c, role })
          // A refused command changes nothing.
          if (d.refusal !== null) continue
          facts = d.changes.reduce(applyChange, facts)
          s = d.snapshot
          expect(s.context.facts).toEqual(facts)
          expect(lifecycleOf(facts).value).toEqual(s.value)
        }
      }),
      { numRuns: 40 }
    )
  })
})
