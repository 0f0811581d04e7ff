import fc from "fast-check"
import { Either, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { FamilyInput, Name } from "../../src/index.js"

/** Issue 10 §5: names that display as something else, or as nothing, are refused. */
const decode = Schema.decodeUnknownEither(Name(80))
const messageOf = (input: string): string | undefined => Either.match(decode(input), { onLeft: (error) => error.message, onRight: () => undefined })

const bidi = fc.constantFrom(..."\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069")
/** Format characters (Unicode Cf): zero-width space, joiners, word joiner, BOM, soft hyphen, LRM/RLM… */
const invisible = fc.constantFrom(..."\u200B\u200C\u200D\u2060\uFEFF\u00AD\u200E\u200F\u2061\u2062\u2063\u2064")
const visible = fc
  .string({ minLength: 1, maxLength: 30 })
  .filter((s) => /[\p{L}\p{N}]/u.test(s) && !/\p{Cf}/u.test(s) && !s.includes("\u0000") && s.isWellFormed())

describe("Name", () => {
  it("refuses any name with a bidirectional embedding, override or isolate, wherever it sits", () => {
    fc.assert(
      fc.property(visible, bidi, fc.nat(), (text, control, at) => {
        const position = at % (text.length + 1)
        const name = `${text.slice(0, position)}${control}${text.slice(position)}`
        expect(messageOf(name)).toContain("No puede contener caracteres de control de dirección del texto")
      })
    )
  })

  it("refuses a name made only of invisible characters and spaces", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(invisible, fc.constant(" ")), { minLength: 1, maxLength: 12 }), (chars) => {
        const name = chars.join("")
        fc.pre(name.trim() !== "")
        expect(messageOf(name)).toContain("Debe contener caracteres visibles")
      })
    )
  })

  it("keeps accepting visible names, also with a joiner inside (emoji, Indic scripts)", () => {
    fc.assert(
      fc.property(visible, invisible, (text, joiner) => {
        fc.pre(text.trim().length > 0 && text.trim().length < 79)
        expect(messageOf(text)).toBeUndefined()
        expect(messageOf(`${text.trim()}${joiner}x`)).toBeUndefined()
      })
    )
    expect(messageOf("Ñuñoa Mascotas")).toBeUndefined()
  })

  it("is the rule of every master's name, e.g. a family's", () => {
    expect(Either.isLeft(Schema.decodeUnknownEither(FamilyInput)({ name: "\u202Egnp.exe" }))).toBe(true)
    expect(Either.isLeft(Schema.decodeUnknownEither(FamilyInput)({ name: "\u200B\u200D" }))).toBe(true)
    expect(Schema.decodeUnknownSync(FamilyInput)({ name: "Hogar" })).toEqual({ name: "Hogar" })
  })
})
