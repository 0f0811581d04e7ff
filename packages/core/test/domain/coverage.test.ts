import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { amountInClp, coverageProblems, refundWarnings } from "../../src/domain/coverage.js"
import { uf, ufFromHundredths, ufRate, ufToClp } from "../../src/domain/money.js"
import { addDays, daysBetween } from "../../src/domain/time.js"

const isoDate = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2099-12-31T00:00:00Z"), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10))
// UF amounts up to 100.000 UF and rates from $1 to $99.999,99, in exact hundredths.
const ufHundredths = fc.integer({ min: 0, max: 10_000_000 })
const rateHundredths = fc.integer({ min: 100, max: 9_999_999 })

const assigned = { amount: uf("3"), currency: "U" as const, maximum: uf("1.5"), events: 2, lack: 30 }
const base = { assigned, amountClp: 120_000, used: { events: 0, total_amount: 0 }, policyStartDate: "2024-01-01", eventDate: "2024-03-01" }

describe("coverageProblems", () => {
  it("is empty when the event is covered", () => {
    expect(coverageProblems(base)).toEqual([])
  })

  it("reports carencia, events and amount plainly, in pesos", () => {
    expect(coverageProblems({ ...base, eventDate: "2024-01-30" })).toEqual([{ code: "lack", message: "En carencia: cubierto desde el 31-01-2024" }])
    expect(coverageProblems({ ...base, used: { events: 2, total_amount: 120_000 } })).toEqual([
      { code: "events", message: "Sin eventos disponibles: usados 2 de 2" },
      { code: "amount", message: "Monto agotado: usado $120.000 de $120.000" }
    ])
    expect(coverageProblems({ ...base, used: { events: 1, total_amount: 119_999 } })).toEqual([])
  })

  it("says when there is no policy on the event date, or no UF to check the amount with", () => {
    expect(coverageProblems({ ...base, policyStartDate: null, amountClp: null })).toEqual([
      { code: "policy", message: "Sin póliza vigente el 01-03-2024" },
      { code: "uf", message: "No se conoce el valor de la UF del 01-03-2024: no se pudo revisar el monto" }
    ])
  })

  it("is in carencia exactly while fewer than `lack` days have passed since the policy started (property)", () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 0, max: 3650 }), fc.integer({ min: -10, max: 4000 }), (start, lack, offset) => {
        const eventDate = addDays(start, offset)
        const inLack = coverageProblems({ ...base, assigned: { ...assigned, lack }, policyStartDate: start, eventDate }).some((p) => p.code === "lack")
        return inLack === daysBetween(start, eventDate) < lack
      })
    )
  })

  it("the last day of carencia is not covered and the next one is (property)", () => {
    fc.assert(
      fc.property(isoDate, fc.integer({ min: 1, max: 3650 }), (start, lack) => {
        const check = (eventDate: string) => coverageProblems({ ...base, assigned: { ...assigned, lack }, policyStartDate: start, eventDate })
        return check(addDays(start, lack - 1)).some((p) => p.code === "lack") && !check(addDays(start, lack)).some((p) => p.code === "lack")
      })
    )
  })

  it("reports the amount exactly when the pesos used reach the pesos assigned (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 0, max: 1e9 }), (used, amountClp) => {
        const problems = coverageProblems({ ...base, amountClp, used: { events: 0, total_amount: used } })
        return problems.some((p) => p.code === "amount") === used >= amountClp
      })
    )
  })
})

describe("amountInClp", () => {
  it("keeps pesos, converts UF at the day's rate and needs a rate for UF", () => {
    expect(amountInClp(150_000, null)).toBe(150_000)
    expect(amountInClp(uf("3"), ufRate("39485.65"))).toBe(118_457) // 118456.95
    expect(amountInClp(uf("3"), null)).toBeNull()
  })

  it("is the exact product rounded half up to the peso (property)", () => {
    fc.assert(
      fc.property(ufHundredths, rateHundredths, (a, r) => {
        const pesos = amountInClp(ufFromHundredths(a), ufRate(ufFromHundredths(r)))
        // a·r is in ten-thousandths of a peso: the nearest peso, halves up.
        const exact = a * r
        return pesos === Math.floor((exact + 5_000) / 10_000) && Math.abs(pesos * 10_000 - exact) <= 5_000
      })
    )
  })

  it("never drifts by more than a peso when amounts are added before or after converting (property)", () => {
    fc.assert(
      fc.property(ufHundredths, ufHundredths, rateHundredths, (a, b, r) => {
        const rate = ufRate(ufFromHundredths(r))
        const whole = ufToClp(ufFromHundredths(a + b), rate)
        const parts = ufToClp(ufFromHundredths(a), rate) + ufToClp(ufFromHundredths(b), rate)
        return Math.abs(whole - parts) <= 1
      })
    )
  })

  it("grows with the amount and with the rate (property)", () => {
    fc.assert(
      fc.property(ufHundredths, ufHundredths, rateHundredths, rateHundredths, (a, b, r, s) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a]
        const [rl, rh] = r <= s ? [r, s] : [s, r]
        return ufToClp(ufFromHundredths(lo), ufRate(ufFromHundredths(rl))) <= ufToClp(ufFromHundredths(hi), ufRate(ufFromHundredths(rh)))
      })
    )
  })
})

describe("refundWarnings", () => {
  const pesos = { amount: 300_000, currency: "P" as const, maximum: 100_000, events: 3, lack: 0 }
  const none = { events: 0, total_amount: 0 }

  it("says when a refund goes over the per-event maximum or what is left in the period, in pesos", () => {
    expect(refundWarnings({ assigned: pesos, used: none, rate: null, pesos: 100_000 })).toEqual([])
    expect(refundWarnings({ assigned: pesos, used: none, rate: null, pesos: 100_001 })).toEqual(["Supera el tope por evento de $100.000"])
    expect(refundWarnings({ assigned: pesos, used: { events: 2, total_amount: 250_000 }, rate: null, pesos: 60_000 })).toEqual([
      "Supera lo que queda de cobertura en el período: $50.000 de $300.000"
    ])
  })

  it("reads coverage in UF at the event's UF, and says so when that UF is not known", () => {
    expect(refundWarnings({ assigned, used: none, rate: ufRate("40000"), pesos: 60_000 })).toEqual([])
    expect(refundWarnings({ assigned, used: none, rate: ufRate("40000"), pesos: 60_001 })).toEqual(["Supera el tope por evento de $60.000"])
    expect(refundWarnings({ assigned, used: none, rate: null, pesos: 1 })).toEqual([
      "No se conoce el valor de la UF del evento: no se pudo comparar el monto con la cobertura"
    ])
  })

  it("warns exactly when the pesos exceed the smaller of the maximum and what is left (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        fc.integer({ min: 0, max: 20_000_000 }),
        (maximum, amount, used, asked) => {
          const terms = { ...pesos, amount, maximum }
          const warned = refundWarnings({ assigned: terms, used: { events: 0, total_amount: used }, rate: null, pesos: asked }).length > 0
          expect(warned).toBe(asked > Math.min(maximum, Math.max(0, amount - used)))
        }
      )
    )
  })
})
