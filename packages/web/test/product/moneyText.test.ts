import { describe, expect, it } from "vitest"
import { moneyMessages, moneyText, parseMoney, tidyMoney } from "../../src/features/product/moneyText"

describe("money as typed in es-CL", () => {
  it("reads pesos as whole numbers, with or without thousands dots", () => {
    expect(parseMoney("P", "12345")).toEqual({ ok: true, amount: 12345 })
    expect(parseMoney("P", "12.345")).toEqual({ ok: true, amount: 12345 })
    expect(parseMoney("P", " $ 1.234.567 ")).toEqual({ ok: true, amount: 1234567 })
    expect(parseMoney("P", "0")).toEqual({ ok: true, amount: 0 })
    expect(parseMoney("P", "12,5")).toEqual({ ok: false, message: moneyMessages.clpDecimals })
    expect(parseMoney("P", "12.34")).toEqual({ ok: false, message: moneyMessages.clpInvalid })
    expect(parseMoney("P", "-5")).toEqual({ ok: false, message: moneyMessages.clpInvalid })
    expect(parseMoney("P", "")).toEqual({ ok: false, message: moneyMessages.required })
    expect(parseMoney("P", "1234567890123")).toEqual({ ok: false, message: moneyMessages.tooLarge })
  })

  it("reads UF as a two-decimal string, never through a float", () => {
    expect(parseMoney("U", "1,25")).toEqual({ ok: true, amount: "1.25" })
    expect(parseMoney("U", "1,2")).toEqual({ ok: true, amount: "1.20" })
    expect(parseMoney("U", "3")).toEqual({ ok: true, amount: "3.00" })
    expect(parseMoney("U", "1.234,5")).toEqual({ ok: true, amount: "1234.50" })
    expect(parseMoney("U", "UF 0,10")).toEqual({ ok: true, amount: "0.10" })
    // A lone dot with one or two decimals is a decimal point; with three digits it groups thousands.
    expect(parseMoney("U", "1.25")).toEqual({ ok: true, amount: "1.25" })
    expect(parseMoney("U", "1.250")).toEqual({ ok: true, amount: "1250.00" })
    // 0.1 + 0.2 would drift as floats; as text it is exact.
    expect(parseMoney("U", "999999999999,99")).toEqual({ ok: true, amount: "999999999999.99" })
  })

  it("refuses UF with more than two decimals instead of rounding", () => {
    expect(parseMoney("U", "1,255")).toEqual({ ok: false, message: moneyMessages.ufDecimals })
    expect(parseMoney("U", "0,001")).toEqual({ ok: false, message: moneyMessages.ufDecimals })
    expect(parseMoney("U", "1,2,3")).toEqual({ ok: false, message: moneyMessages.ufInvalid })
    expect(parseMoney("U", "abc")).toEqual({ ok: false, message: moneyMessages.ufInvalid })
  })

  it("shows amounts as es-CL writes them and tidies what was typed", () => {
    expect(moneyText(12345)).toBe("12.345")
    expect(moneyText(0)).toBe("0")
    expect(moneyText("1234.5" as never)).toBe("1.234,50")
    expect(tidyMoney("P", "1234567")).toBe("1.234.567")
    expect(tidyMoney("U", "1,5")).toBe("1,50")
    expect(tidyMoney("U", "1,255")).toBe("1,255")
  })
})
