import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { BeneficiaryUpsertInput } from "../../src/domain/personRecord.js"
import { addDays, chileDateOf } from "../../src/domain/time.js"
import { issuesOf } from "./helpers.js"

const carga = { rut: "12.345.678-5", name: "Ana", paternalLastName: "Pérez", relationship: "Hijo/a" }

describe("a person's birth date (issue 31 §3.5)", () => {
  it("is refused after today in Chile, with its reason under birthDate; today and any day before are kept", () => {
    const today = chileDateOf(new Date())
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 365 * 200 }), (days) => {
        expect(issuesOf(BeneficiaryUpsertInput, { ...carga, birthDate: addDays(today, days) })).toEqual([
          { path: ["birthDate"], message: "La fecha de nacimiento no puede ser posterior a hoy" }
        ])
        expect(issuesOf(BeneficiaryUpsertInput, { ...carga, birthDate: addDays(today, 1 - days) })).toEqual([])
      })
    )
  })
})
