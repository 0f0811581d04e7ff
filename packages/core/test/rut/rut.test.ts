import { Either, ParseResult, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { Rut, checkDigit, format, isValid, normalize } from "../../src/rut/Rut.js"

const MESSAGE = "RUT inválido: revise el número y el dígito verificador"
const DIGITS = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "K"] as const

/**
 * An independent módulo-11 oracle (the classic arithmetic form, factors 9..4 with
 * S - 1 as the digit), so the properties do not trust `checkDigit` itself.
 */
const oracle = (body: number): string => {
  let m = 0
  let s = 1
  for (let t = body; t > 0; t = Math.floor(t / 10)) s = (s + (t % 10) * (9 - (m++ % 6))) % 11
  return s ? String(s - 1) : "K"
}

const body = fc.integer({ min: 1, max: 99_999_999 })
const es = new Intl.NumberFormat("es-CL")

const decode = Schema.decodeUnknownEither(Rut)
const messagesOf = (input: unknown): ReadonlyArray<string> => {
  const result = decode(input)
  return Either.isLeft(result) ? ParseResult.ArrayFormatter.formatErrorSync(result.left).map((i) => i.message) : []
}

describe("checkDigit", () => {
  it("agrees with an independent módulo-11 implementation", () => {
    fc.assert(fc.property(body, (b) => checkDigit(String(b)) === oracle(b)))
  })

  it("gives the hand-computed digits of known RUTs", () => {
    expect(checkDigit("11111111")).toBe("1")
    expect(checkDigit("12345678")).toBe("5")
    expect(checkDigit("76086428")).toBe("5")
    expect(checkDigit("6")).toBe("K")
    // 1·2 + 1·3 = 5, 11 − 5 = 6
    expect(checkDigit("11")).toBe("6")
  })
})

describe("normalize / isValid", () => {
  it("the canonical spelling of any body with its check digit is a fixed point and valid", () => {
    fc.assert(
      fc.property(body, (b) => {
        const canonical = `${b}-${checkDigit(String(b))}`
        expect(normalize(canonical)).toBe(canonical)
        expect(isValid(canonical)).toBe(true)
      })
    )
  })

  it("every common spelling normalizes to the same canonical form", () => {
    const spelling = fc.record({
      dots: fc.boolean(),
      dash: fc.boolean(),
      lower: fc.boolean(),
      before: fc.constantFrom("", " ", "  ", "\t", " \n"),
      after: fc.constantFrom("", " ", "  ", "\t", "\n ")
    })
    fc.assert(
      fc.property(body, spelling, (b, s) => {
        const dv = checkDigit(String(b))
        const canonical = `${b}-${dv}`
        const digits = s.dots ? es.format(b) : String(b)
        const digit = s.lower ? dv.toLowerCase() : dv
        const input = `${s.before}${digits}${s.dash ? "-" : ""}${digit}${s.after}`
        expect(normalize(input)).toBe(canonical)
        expect(isValid(input)).toBe(true)
      })
    )
  })

  it("accepts a lowercase k check digit", () => {
    expect(normalize("6-k")).toBe("6-K")
    expect(normalize(" 6k ")).toBe("6-K")
  })

  it("drops leading zeros of the body", () => {
    expect(normalize("012.345.678-5")).toBe("12345678-5")
    expect(normalize("0006-K")).toBe("6-K")
  })

  it("rejects every other check digit", () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...DIGITS), fc.boolean(), (b, d, dots) => {
        fc.pre(d !== checkDigit(String(b)))
        const digits = dots ? es.format(b) : String(b)
        expect(normalize(`${digits}-${d}`)).toBeUndefined()
        expect(isValid(`${digits}-${d}`)).toBe(false)
        expect(isValid(`${digits}-${d.toLowerCase()}`)).toBe(false)
      })
    )
  })

  it("validates exactly one check digit per body", () => {
    fc.assert(fc.property(body, (b) => DIGITS.filter((d) => isValid(`${b}-${d}`)).length === 1))
  })

  it.each([
    ["11.111.111-1", "11111111-1"],
    ["12.345.678-5", "12345678-5"],
    ["76.086.428-5", "76086428-5"],
    ["6-K", "6-K"],
    ["11-6", "11-6"],
    ["123456785", "12345678-5"],
    ["  12345678-5  ", "12345678-5"]
  ])("known RUT %s → %s", (input, canonical) => {
    expect(normalize(input)).toBe(canonical)
    expect(isValid(input)).toBe(true)
  })

  it.each([
    "",
    " ",
    "abc",
    "-",
    "K",
    "12.345.678-0",
    "12.345.678-K",
    "11.111.111-2",
    "6-0",
    "0-0",
    "00-0",
    "0000000-0",
    "12345678",
    "12.345.678-55",
    "12,345,678-5",
    "12.345.678-5x",
    "x12.345.678-5",
    "1234567890-1",
    "12.345.678 - 5 - 5"
  ])("garbage %j is not a RUT", (input) => {
    expect(normalize(input)).toBeUndefined()
    expect(isValid(input)).toBe(false)
  })
})

describe("format", () => {
  it("writes the body with es-CL thousands dots and the canonical check digit", () => {
    fc.assert(
      fc.property(body, fc.boolean(), (b, lower) => {
        const dv = checkDigit(String(b))
        const expected = `${es.format(b)}-${dv}`
        expect(format(`${b}-${lower ? dv.toLowerCase() : dv}`)).toBe(expected)
        expect(format(`${b}${dv}`)).toBe(expected)
      })
    )
  })

  it("is stable under normalize and idempotent", () => {
    fc.assert(
      fc.property(body, (b) => {
        const x = `${b}${checkDigit(String(b)).toLowerCase()}`
        expect(normalize(format(x))).toBe(normalize(x))
        expect(format(format(x))).toBe(format(x))
      })
    )
  })

  it.each([
    ["6k", "6-K"],
    ["1234-3", "1.234-3"],
    ["123456785", "12.345.678-5"],
    ["76086428-5", "76.086.428-5"],
    ["111111111", "11.111.111-1"]
  ])("format(%j) = %j", (input, expected) => {
    expect(format(input)).toBe(expected)
  })

  it("returns invalid input as given", () => {
    expect(format("12.345.678-0")).toBe("12.345.678-0")
    expect(format("abc")).toBe("abc")
    expect(format("")).toBe("")
  })
})

describe("Rut schema", () => {
  it("decodes every valid spelling to the canonical form", () => {
    fc.assert(
      fc.property(body, fc.boolean(), fc.boolean(), (b, dots, lower) => {
        const dv = checkDigit(String(b))
        const input = ` ${dots ? es.format(b) : String(b)}-${lower ? dv.toLowerCase() : dv} `
        expect(decode(input)).toEqual(Either.right(`${b}-${dv}`))
      })
    )
  })

  it("rejects a wrong check digit with the Spanish message", () => {
    fc.assert(
      fc.property(body, fc.constantFrom(...DIGITS), (b, d) => {
        fc.pre(d !== checkDigit(String(b)))
        expect(messagesOf(`${b}-${d}`)).toEqual([MESSAGE])
      })
    )
  })

  it.each(["", "abc", "12.345.678-0", "0-0"])("rejects %j with the Spanish message", (input) => {
    expect(Either.isLeft(decode(input))).toBe(true)
    expect(messagesOf(input)).toEqual([MESSAGE])
  })

  it("rejects what is not a string", () => {
    for (const input of [12345678, null, undefined, { rut: "12.345.678-5" }]) {
      expect(Either.isLeft(decode(input))).toBe(true)
    }
  })

  it("decodes the known examples and encodes the canonical form unchanged", () => {
    expect(Schema.decodeUnknownSync(Rut)("11.111.111-1")).toBe("11111111-1")
    expect(Schema.decodeUnknownSync(Rut)("12.345.678-5")).toBe("12345678-5")
    expect(Schema.decodeUnknownSync(Rut)("76.086.428-5")).toBe("76086428-5")
    expect(Schema.decodeUnknownSync(Rut)("6-k")).toBe("6-K")
    const rut = Schema.decodeUnknownSync(Rut)("12.345.678-5")
    expect(Schema.encodeSync(Rut)(rut)).toBe("12345678-5")
  })

  it("inside a struct, reports the message at the field", () => {
    const Payload = Schema.Struct({ rut: Rut })
    const result = Schema.decodeUnknownEither(Payload)({ rut: "12.345.678-0" })
    expect(Either.isLeft(result)).toBe(true)
    if (Either.isLeft(result)) {
      expect(ParseResult.ArrayFormatter.formatErrorSync(result.left)).toEqual([expect.objectContaining({ path: ["rut"], message: MESSAGE })])
    }
  })
})
