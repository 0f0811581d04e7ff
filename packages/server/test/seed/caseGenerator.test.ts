import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type CaseGeneratorInput, generateCases } from "../../src/seed/caseGenerator.js"

const input: Omit<CaseGeneratorInput, "now" | "seed"> = {
  today: "2026-11-27",
  count: 40,
  leads: [
    {
      id: "lead-1",
      customer_id: "customer-1",
      retail_id: "retail-1",
      product_id: "product-1",
      productPlan_id: "plan-1",
      start: "2024-01-01",
      end: "2027-12-31",
      insured: [{ id: "insured-1", beneficiaries: ["beneficiary-1"] }]
    }
  ],
  assistances: { "product-1": [{ id: "assistance-1", values: [{ id: "value-1", type: "D" }], documents: [], specialties: ["specialty-1"] }] },
  specialists: [{ id: "specialist-1", specialties: ["specialty-1"] }],
  partners: [],
  procedures: { specialist: "procedure-1", refund: "procedure-2" },
  qualifications: ["qualification-1"],
  comunas: [
    { id: "13120", name: "Ñuñoa" },
    { id: "13101", name: "Santiago" }
  ],
  operators: ["operator-1"],
  moderators: ["moderator-1"]
}

describe("demo case generator", () => {
  it("never leaves a case opened without its applicant, plan and event, wherever the seed's clock stops", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 0, max: 39 }), fc.integer({ min: 0, max: 59_999 }), (seed, pick, ms) => {
        const all = generateCases({ ...input, seed, now: new Date("2030-01-01T00:00:00Z") })
        const opened = all[Math.min(pick, all.length - 1)]!.createdAt
        // Stop the clock within the minute after a case was opened: the old generator set its parties 2–30 minutes later.
        const cut = generateCases({ ...input, seed, now: new Date(opened.getTime() + ms) })
        for (const c of cut) {
          expect(c.facts.parties.insured_id).not.toBeNull()
          expect(c.facts.service.assistance_id).not.toBeNull()
          expect(c.facts.event).not.toBeNull()
        }
      }),
      { numRuns: 30 }
    )
  })
})
