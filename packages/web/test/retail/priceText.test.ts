import { describe, expect, it } from "vitest"
import { parsePrice, priceText } from "../../src/features/retail/plans/priceText"

const amount = (currency: "P" | "U", text: string) => {
  const parsed = parsePrice(currency, text)
  return parsed.ok ? parsed.amount : parsed.message
}

describe("prices as typed", () => {
  it.each([
    ["12345", 12345],
    ["12.345", 12345],
    ["$ 1.234.567", 1234567],
    ["0", 0]
  ])("reads pesos %s as the integer %s", (text, expected) => expect(amount("P", text)).toBe(expected))

  it.each([
    ["1,25", "1.25"],
    ["1.25", "1.25"],
    ["1,5", "1.50"],
    ["UF 2", "2.00"],
    ["1.234,5", "1234.50"],
    ["1.250", "1250.00"]
  ])("reads UF %s as the exact text %s", (text, expected) => expect(amount("U", text)).toBe(expected))

  it("says what is wrong, in Spanish", () => {
    expect(amount("P", "")).toBe("Ingrese el precio")
    expect(amount("P", "12,5")).toBe("En pesos el precio no lleva decimales")
    expect(amount("P", "doce")).toBe("Precio inválido: escriba solo números, p. ej. 12.345")
    expect(amount("U", "1,255")).toBe("Precio en UF inválido: use hasta 2 decimales, p. ej. 1,25")
    expect(amount("U", "-1")).toBe("Precio en UF inválido: use hasta 2 decimales, p. ej. 1,25")
  })

  it("writes prices back as an input shows them", () => {
    expect(priceText(12345)).toBe("12.345")
    expect(priceText("1234.50" as never)).toBe("1.234,50")
  })
})
