import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { CaseChange } from "@palma/core/domain"
import type { DecodedEvent } from "../../src/case/caseHistoryCache.js"
import { historyLines } from "../../src/case/caseView.js"

// Changes whose history line depends on the procedure chosen before them (a refund's lines are IMED's under IMED).
const change = fc.constantFrom<CaseChange>(
  { type: "procedureSet", payload: { procedure: { id: "p1", code: "refund" } } },
  { type: "procedureSet", payload: { procedure: { id: "p2", code: "imed" } } },
  { type: "procedureSet", payload: { procedure: null } },
  { type: "refundStatusChanged", payload: { from: "Pendiente", to: "Aprobado" } },
  { type: "costSet", payload: { cost: { amount: 1000, extra: 0, comment: "" } } },
  { type: "closed", payload: { description: "Listo" } }
)

const stamped = (changes: ReadonlyArray<CaseChange>): ReadonlyArray<DecodedEvent> =>
  changes.map((c, i) => ({ version: i + 1, change: c, user_id: "user_x", at: new Date(1_700_000_000_000 + i * 3_600_000) }))

describe("a case's history lines", () => {
  it("derived in two reads (the second after the first's last line) equal the lines derived at once (property)", () => {
    fc.assert(
      fc.property(fc.array(change, { maxLength: 30 }), fc.nat(), (changes, cut) => {
        const events = stamped(changes)
        const at = events.length === 0 ? 0 : cut % (events.length + 1)
        const first = historyLines(events.slice(0, at), null)
        const second = historyLines(events.slice(at), first.at(-1)?.procedure ?? null)
        expect([...first, ...second]).toEqual(historyLines(events, null))
      })
    )
  })

  it("names a refund's lines by the procedure chosen before them, in an earlier read too", () => {
    const events = stamped([
      { type: "procedureSet", payload: { procedure: { id: "p2", code: "imed" } } },
      { type: "refundStatusChanged", payload: { from: "Pendiente", to: "Aprobado" } }
    ])
    const first = historyLines(events.slice(0, 1), null)
    expect(historyLines(events.slice(1), first[0]!.procedure)[0]!.entry.code).toBe("imed")
  })
})
