import { Either, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import {
  Amount,
  Clp,
  Uf,
  addUf,
  amountsInCurrency,
  compareUf,
  formatClp,
  formatUf,
  formatUfRate,
  sumUf,
  uf,
  ufFromHundredths,
  ufRate,
  ufToClp,
  ufToHundredths
} from "../../src/domain/money.js"
import { issuesOf } from "./helpers.js"

const MAX_HUNDREDTHS = 1e14 - 1
const hundredths = fc.integer({ min: 0, max: MAX_HUNDREDTHS })
const smallHundredths = fc.integer({ min: 0, max: 1e10 })

describe("Uf", () => {
  it("decodes up to two decimals into the fixed two-decimal form", () => {
    const decode = Schema.decodeUnknownSync(Uf)
    expect(decode("1")).toBe("1.00")
    expect(decode("1.2")).toBe("1.20")
    expect(decode("0.05")).toBe("0.05")
    expect(decode("007.5")).toBe("7.50")
    expect(decode(" 3.10 ")).toBe("3.10")
  })

  it("rejects floats, three decimals, commas and negatives in Spanish", () => {
    for (const bad of [1.25, "1.234", "1,25", "-1", "abc", "", "1."]) {
      const issues = issuesOf(Uf, bad)
      expect(issues.length, String(bad)).toBeGreaterThan(0)
      expect(issues[0]!.message).toMatch(/UF inválido/)
    }
  })

  it("sums in integer hundredths: 0.1 + 0.2 is exactly 0.30", () => {
    expect(0.1 + 0.2).not.toBe(0.3)
    expect(addUf(uf("0.1"), uf("0.2"))).toBe("0.30")
    expect(sumUf(Array.from({ length: 100 }, () => uf("0.01")))).toBe("1.00")
    expect(sumUf([])).toBe("0.00")
  })

  it("round-trips hundredths ↔ Uf (property)", () => {
    fc.assert(fc.property(hundredths, (h) => ufToHundredths(ufFromHundredths(h)) === h))
  })

  it("decode ∘ encode is the identity on decoded values, and encode ∘ decode on canonical strings (property)", () => {
    const decode = Schema.decodeUnknownSync(Uf)
    const encode = Schema.encodeSync(Uf)
    fc.assert(
      fc.property(hundredths, (h) => {
        const value = ufFromHundredths(h)
        return decode(encode(value)) === value && encode(decode(value)) === value
      })
    )
  })

  it("accepts every short spelling and keeps its exact value (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999 }), fc.integer({ min: 0, max: 9 }), (int, tenth) => {
        return Schema.decodeUnknownSync(Uf)(`${int}.${tenth}`) === `${int}.${tenth}0`
      })
    )
  })

  it("adds exactly, like integers, and commutes (property)", () => {
    fc.assert(
      fc.property(fc.array(smallHundredths, { maxLength: 50 }), (hs) => {
        const total = sumUf(hs.map(ufFromHundredths))
        return ufToHundredths(total) === hs.reduce((a, b) => a + b, 0)
      })
    )
    fc.assert(
      fc.property(smallHundredths, smallHundredths, (a, b) => {
        const x = ufFromHundredths(a)
        const y = ufFromHundredths(b)
        return addUf(x, y) === addUf(y, x) && compareUf(x, y) === Math.sign(a - b)
      })
    )
  })

  it("formats es-CL with two decimals", () => {
    expect(formatUf("1.25")).toBe("UF 1,25")
    expect(formatUf(uf("1234.5"))).toBe("UF 1.234,50")
    expect(formatUfRate("39485.6")).toBe("$39.485,60")
    expect(formatUfRate("x")).toBe("x")
    expect(formatUf("1000000")).toBe("UF 1.000.000,00")
    expect(formatUf("0")).toBe("UF 0,00")
    expect(formatUf("no es monto")).toBe("no es monto")
  })

  it("formatting loses nothing: the display parses back to the same value (property)", () => {
    fc.assert(
      fc.property(hundredths, (h) => {
        const value = ufFromHundredths(h)
        const back = formatUf(value).replace(/^UF /, "").replace(/\./g, "").replace(",", ".")
        return back === value
      })
    )
  })

  it("converts to pesos at the day's rate, rounding half up to the peso", () => {
    const rate = ufRate("39485.65")
    expect(ufToClp(uf("1"), rate)).toBe(39486)
    expect(ufToClp(uf("0.5"), rate)).toBe(19743) // 19742.825
    expect(ufToClp(uf("10"), rate)).toBe(394857) // 394856.5 exactly
    expect(ufToClp(uf("0"), rate)).toBe(0)
    expect(ufToClp(uf("100000000"), ufRate("39485.65"))).toBe(3_948_565_000_000)
    expect(() => ufToClp(uf("999999999999.99"), ufRate("99999.99"))).toThrow(RangeError)
  })
})

describe("Clp", () => {
  it("is a non-negative integer number of pesos", () => {
    expect(Schema.decodeUnknownSync(Clp)(12345)).toBe(12345)
    expect(issuesOf(Clp, 1.5)[0]!.message).toBe("El monto en pesos debe ser un número entero")
    expect(issuesOf(Clp, -1)[0]!.message).toBe("El monto no puede ser negativo")
    expect(issuesOf(Clp, "100")[0]!.message).toBe("El monto en pesos debe ser un número entero")
  })

  it("formats es-CL without decimals", () => {
    expect(formatClp(12345)).toBe("$12.345")
    expect(formatClp(0)).toBe("$0")
    expect(formatClp(999)).toBe("$999")
    expect(formatClp(1000)).toBe("$1.000")
    expect(formatClp(1234567)).toBe("$1.234.567")
    expect(formatClp(-500)).toBe("$-500")
  })

  it("agrees with Intl es-CL on every safe integer (property)", () => {
    if (Intl.NumberFormat.supportedLocalesOf("es-CL").length === 0) return
    const intl = new Intl.NumberFormat("es-CL", { style: "currency", currency: "CLP" })
    fc.assert(fc.property(fc.maxSafeInteger(), (n) => formatClp(n) === intl.format(n)))
  })

  it("round-trips through its display (property)", () => {
    fc.assert(fc.property(fc.maxSafeNat(), (n) => Number(formatClp(n).replace(/[$.]/g, "")) === n))
  })
})

describe("Amount", () => {
  it("is pesos as a number or UF as a string", () => {
    const decode = Schema.decodeUnknownSync(Amount)
    expect(decode(5000)).toBe(5000)
    expect(decode("1.5")).toBe("1.50")
    expect(issuesOf(Amount, true)[0]!.message).toMatch(/^Monto inválido/)
    expect(issuesOf(Amount, 2.5)[0]!.message).toBe("El monto en pesos debe ser un número entero")
  })

  it("round-trips any CLP or UF value (property)", () => {
    const decode = Schema.decodeUnknownEither(Amount)
    const encode = Schema.encodeSync(Amount)
    const amount = fc.oneof(
      fc.maxSafeNat(),
      hundredths.map((h) => ufFromHundredths(h) as string)
    )
    fc.assert(
      fc.property(amount, (a) => {
        const decoded = decode(a)
        return Either.isRight(decoded) && encode(decoded.right) === a
      })
    )
  })

  it("checks amounts against the currency, field by field", () => {
    const check = amountsInCurrency("cost", "minInsuredCompanyPrice")
    expect(check({ currency: "P", cost: 100, minInsuredCompanyPrice: 50 })).toEqual([])
    expect(check({ currency: "U", cost: uf("1"), minInsuredCompanyPrice: 50 })).toEqual([
      { path: ["minInsuredCompanyPrice"], message: 'En UF el monto debe ser un texto como "1.25"' }
    ])
  })
})
