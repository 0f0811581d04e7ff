import { Either, Schema } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { DistrictRef, normalizeDistrictName } from "../../src/domain/common.js"
import { FamilyInput } from "../../src/domain/family.js"
import { NumberLike, PositiveInt } from "../../src/domain/fields.js"
import { Code, StageInput, codeFromName } from "../../src/domain/stage.js"

/** DESIGN §2 "Sent": the original client's spellings decode; what a payload does not declare is dropped. */
describe("the seed's spellings", () => {
  it("numbers sent as numeric text decode to the number; other text is a Spanish type error", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        expect(Schema.decodeUnknownSync(NumberLike)(String(n))).toBe(n)
        expect(Schema.decodeUnknownSync(NumberLike)(` ${n} `)).toBe(n)
        expect(Schema.decodeUnknownSync(NumberLike)(n)).toBe(n)
      })
    )
    expect(Schema.decodeUnknownSync(PositiveInt)("12")).toBe(12)
    for (const bad of ["", "doce", "1e3", "0x10", "1,5"]) expect(Either.isLeft(Schema.decodeUnknownEither(NumberLike)(bad))).toBe(true)
  })

  it("unknown fields are dropped, never bound", () => {
    expect(Schema.decodeUnknownSync(FamilyInput)({ id: "x", name: "Hogar", isActive: false, user_id: "u" })).toEqual({ name: "Hogar" })
  })

  it("a comuna is a CUT code (4 digits padded) or a name, kept for the server to resolve", () => {
    expect(Schema.decodeUnknownSync(DistrictRef)("5101")).toBe("05101")
    expect(Schema.decodeUnknownSync(DistrictRef)(" Ñuñoa ")).toBe("Ñuñoa")
    expect(Either.isLeft(Schema.decodeUnknownEither(DistrictRef)("x"))).toBe(true)
    expect(normalizeDistrictName("  ÑUÑOA ")).toBe(normalizeDistrictName("nunoa"))
  })

  it("a stage may be created from its name alone; the code derived from any name is a valid code", () => {
    expect(Schema.decodeUnknownSync(StageInput)({ name: "Revisión" })).toEqual({ name: "Revisión" })
    expect(codeFromName("Revisión médica")).toBe("revision_medica")
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 80 }), (name) => {
        expect(Either.isRight(Schema.decodeUnknownEither(Code)(codeFromName(name)))).toBe(true)
      })
    )
  })
})
